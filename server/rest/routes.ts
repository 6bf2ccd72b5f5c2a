// Every /api/1.0 route of the platform, one table assembled from the domains.
import type { RestRoute } from './router.js';
import { activationRoutes } from '../domains/people/activation/rest.js';
import { onboardingRoutes } from '../domains/people/onboarding/rest.js';
import { residentRoutes } from '../domains/people/residents/rest.js';
import { taxInfoRoutes } from '../domains/money/accounting/taxInfo/rest.js';
import { sessionRoutes } from '../domains/people/session/rest.js';
import { userRoutes } from '../domains/people/users/rest.js';
import { houseRoutes } from '../domains/property/houses/rest.js';
import { signUpRoutes } from '../domains/people/signup/rest.js';
import { streetRoutes } from '../domains/property/streets/rest.js';
import { houseTypeRoutes } from '../domains/property/houseTypes/rest.js';
import { adminUserRoutes } from '../domains/people/adminUsers/rest.js';
import { massiveLoadRoutes } from '../domains/property/massiveLoad/rest.js';
import { communitySettingsRoutes } from '../domains/community/neighborhoods/rest.js';
import { incomeAccountRoutes } from '../domains/money/accounting/incomeAccounts/rest.js';
import { accountingAccountRoutes } from '../domains/money/accounting/accountingAccounts/rest.js';
import { incomeConceptRoutes } from '../domains/money/receivables/incomeConcepts/rest.js';
import { expenseSettingsRoutes } from '../domains/money/payables/expenseSettings/rest.js';
import { fiscalRoutes } from '../domains/money/accounting/fiscal/rest.js';
import { maintenanceSettingsRoutes } from '../domains/money/receivables/maintenanceSettings/rest.js';
import { revisionPointRoutes } from '../domains/community/revisionPoints/rest.js';
import { setupSummaryRoutes } from '../domains/community/setupSummary/rest.js';
import { dashboardRoutes } from '../domains/community/dashboard/rest.js';
import { amenitySettingsRoutes } from '../domains/community/amenities/rest.js';
import { receiptsRoutes } from '../domains/money/receivables/receipts/rest.js';
import { maintenancesRoutes } from '../domains/money/receivables/maintenances/rest.js';
import { balancesRoutes } from '../domains/money/receivables/balances/rest.js';
import { externalPaymentRoutes } from '../domains/money/receivables/receipts/externalPaymentsRest.js';
import { creditReceiptRoutes } from '../domains/money/receivables/receipts/creditReceiptsRest.js';
import { unknownPaymentRoutes } from '../domains/money/receivables/unknownPayments/rest.js';
import { paymentsRoutes } from '../domains/money/receivables/payments/rest.js';
import { cfdiRoutes } from '../domains/money/accounting/cfdis/rest.js';
import { agreementRoutes } from '../domains/money/receivables/agreements/rest.js';
import { serviceConceptRoutes } from '../domains/money/receivables/serviceConcepts/rest.js';
import { measuredServiceRoutes } from '../domains/money/receivables/measuredServices/rest.js';
import { servicePeriodRoutes } from '../domains/money/receivables/servicePeriods/rest.js';
import { providerRoutes } from '../domains/money/payables/providers/rest.js';
import { expenseGroupRoutes } from '../domains/money/payables/expenseGroups/rest.js';
import { expenseAttachmentRoutes } from '../domains/money/payables/expenseAttachments/rest.js';
import { expenseCfdiRoutes } from '../domains/money/payables/expenseCfdis/rest.js';
import { expenseRoutes } from '../domains/money/payables/expenses/rest.js';
import { withdrawalRoutes } from '../domains/money/payables/withdrawals/rest.js';
import { expenseReportRoutes } from '../domains/money/payables/expenseReports/rest.js';
import { reportRoutes } from '../domains/money/accounting/reports/rest.js';
import { transactionRoutes } from '../domains/money/accounting/transactions/rest.js';
import { accountingExportRoutes } from '../domains/money/accounting/accountingExports/rest.js';

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
