// Every /api/1.0 route of the platform, one table assembled from the domains.
import type { RestRoute } from './router.js';
import { activationRoutes } from '../domains/activation/rest.js';
import { onboardingRoutes } from '../domains/onboarding/rest.js';
import { residentRoutes } from '../domains/residents/rest.js';
import { taxInfoRoutes } from '../domains/taxInfo/rest.js';
import { sessionRoutes } from '../domains/session/rest.js';
import { userRoutes } from '../domains/users/rest.js';
import { houseRoutes } from '../domains/houses/rest.js';
import { signUpRoutes } from '../domains/signup/rest.js';
import { streetRoutes } from '../domains/streets/rest.js';
import { houseTypeRoutes } from '../domains/houseTypes/rest.js';
import { adminUserRoutes } from '../domains/adminUsers/rest.js';
import { massiveLoadRoutes } from '../domains/massiveLoad/rest.js';
import { communitySettingsRoutes } from '../domains/neighborhoods/rest.js';
import { incomeAccountRoutes } from '../domains/incomeAccounts/rest.js';
import { accountingAccountRoutes } from '../domains/accountingAccounts/rest.js';
import { incomeConceptRoutes } from '../domains/incomeConcepts/rest.js';
import { expenseSettingsRoutes } from '../domains/expenseSettings/rest.js';
import { fiscalRoutes } from '../domains/fiscal/rest.js';
import { maintenanceSettingsRoutes } from '../domains/maintenanceSettings/rest.js';
import { revisionPointRoutes } from '../domains/revisionPoints/rest.js';
import { setupSummaryRoutes } from '../domains/setupSummary/rest.js';
import { dashboardRoutes } from '../domains/dashboard/rest.js';
import { amenitySettingsRoutes } from '../domains/amenities/rest.js';
import { receiptsRoutes } from '../domains/receipts/rest.js';
import { maintenancesRoutes } from '../domains/maintenances/rest.js';
import { balancesRoutes } from '../domains/balances/rest.js';
import { externalPaymentRoutes } from '../domains/receipts/externalPaymentsRest.js';
import { creditReceiptRoutes } from '../domains/receipts/creditReceiptsRest.js';
import { unknownPaymentRoutes } from '../domains/unknownPayments/rest.js';
import { paymentsRoutes } from '../domains/payments/rest.js';
import { cfdiRoutes } from '../domains/cfdis/rest.js';
import { agreementRoutes } from '../domains/agreements/rest.js';
import { serviceConceptRoutes } from '../domains/serviceConcepts/rest.js';
import { measuredServiceRoutes } from '../domains/measuredServices/rest.js';
import { servicePeriodRoutes } from '../domains/servicePeriods/rest.js';
import { providerRoutes } from '../domains/providers/rest.js';
import { expenseGroupRoutes } from '../domains/expenseGroups/rest.js';
import { expenseAttachmentRoutes } from '../domains/expenseAttachments/rest.js';
import { expenseCfdiRoutes } from '../domains/expenseCfdis/rest.js';
import { expenseRoutes } from '../domains/expenses/rest.js';
import { withdrawalRoutes } from '../domains/withdrawals/rest.js';
import { expenseReportRoutes } from '../domains/expenseReports/rest.js';
import { reportRoutes } from '../domains/reports/rest.js';
import { transactionRoutes } from '../domains/transactions/rest.js';
import { accountingExportRoutes } from '../domains/accountingExports/rest.js';

export const restRoutes: RestRoute[] = [
  ...activationRoutes,
  ...onboardingRoutes,
  ...residentRoutes,
  ...taxInfoRoutes,
  ...sessionRoutes,
  ...userRoutes,
  ...signUpRoutes,
  ...houseRoutes,
  ...streetRoutes,
  ...houseTypeRoutes,
  ...adminUserRoutes,
  ...massiveLoadRoutes,
  ...communitySettingsRoutes,
  ...incomeAccountRoutes,
  ...accountingAccountRoutes,
  ...incomeConceptRoutes,
  ...expenseSettingsRoutes,
  ...fiscalRoutes,
  ...maintenanceSettingsRoutes,
  ...revisionPointRoutes,
  ...setupSummaryRoutes,
  ...dashboardRoutes,
  ...amenitySettingsRoutes,
  ...receiptsRoutes,
  ...maintenancesRoutes,
  ...balancesRoutes,
  ...externalPaymentRoutes,
  ...creditReceiptRoutes,
  ...unknownPaymentRoutes,
  ...paymentsRoutes,
  ...cfdiRoutes,
  ...agreementRoutes,
  ...serviceConceptRoutes,
  ...measuredServiceRoutes,
  ...servicePeriodRoutes,
  ...providerRoutes,
  ...expenseGroupRoutes,
  ...expenseAttachmentRoutes,
  ...expenseCfdiRoutes,
  ...expenseRoutes,
  ...withdrawalRoutes,
  ...expenseReportRoutes,
  ...reportRoutes,
  ...transactionRoutes,
  ...accountingExportRoutes,
];
