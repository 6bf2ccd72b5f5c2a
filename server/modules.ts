// Every domain module of the app, by bounded context (docs/decisions.md, "Modules"). A new domain is a
// folder with its module.ts, imported and listed here: the GraphQL schema (importing this file registers every
// module's types), the /api/1.0 route table, the job registry's checks and the demo seed read this list.
import type { DomainModule } from './kernel/module.js';
import auditLog from './domains/platform/auditLog/module.js';
import downloads from './domains/platform/downloads/module.js';
import amenities from './domains/community/amenities/module.js';
import dashboard from './domains/community/dashboard/module.js';
import feed from './domains/community/feed/module.js';
import neighborhoods from './domains/community/neighborhoods/module.js';
import revisionPoints from './domains/community/revisionPoints/module.js';
import setupSummary from './domains/community/setupSummary/module.js';
import sharedFiles from './domains/community/sharedFiles/module.js';
import vehicles from './domains/community/vehicles/module.js';
import visitors from './domains/community/visitors/module.js';
import accounts from './domains/people/accounts/module.js';
import chats from './domains/people/chats/module.js';
import activation from './domains/people/activation/module.js';
import adminUsers from './domains/people/adminUsers/module.js';
import contact from './domains/people/contact/module.js';
import onboarding from './domains/people/onboarding/module.js';
import residents from './domains/people/residents/module.js';
import session from './domains/people/session/module.js';
import signup from './domains/people/signup/module.js';
import users from './domains/people/users/module.js';
import houseTypes from './domains/property/houseTypes/module.js';
import houses from './domains/property/houses/module.js';
import massiveLoad from './domains/property/massiveLoad/module.js';
import streets from './domains/property/streets/module.js';
import accountingAccounts from './domains/money/accounting/accountingAccounts/module.js';
import accountingExports from './domains/money/accounting/accountingExports/module.js';
import cfdis from './domains/money/accounting/cfdis/module.js';
import fiscal from './domains/money/accounting/fiscal/module.js';
import incomeAccounts from './domains/money/accounting/incomeAccounts/module.js';
import reports from './domains/money/accounting/reports/module.js';
import taxInfo from './domains/money/accounting/taxInfo/module.js';
import transactions from './domains/money/accounting/transactions/module.js';
import agreements from './domains/money/receivables/agreements/module.js';
import balances from './domains/money/receivables/balances/module.js';
import incomeConcepts from './domains/money/receivables/incomeConcepts/module.js';
import ledger from './domains/money/receivables/ledger/module.js';
import maintenanceSettings from './domains/money/receivables/maintenanceSettings/module.js';
import maintenances from './domains/money/receivables/maintenances/module.js';
import measuredServices from './domains/money/receivables/measuredServices/module.js';
import payments from './domains/money/receivables/payments/module.js';
import receipts from './domains/money/receivables/receipts/module.js';
import serviceConcepts from './domains/money/receivables/serviceConcepts/module.js';
import servicePeriods from './domains/money/receivables/servicePeriods/module.js';
import unknownPayments from './domains/money/receivables/unknownPayments/module.js';
import expenseAttachments from './domains/money/payables/expenseAttachments/module.js';
import expenseCfdis from './domains/money/payables/expenseCfdis/module.js';
import expenseGroups from './domains/money/payables/expenseGroups/module.js';
import expenseReports from './domains/money/payables/expenseReports/module.js';
import expenseSettings from './domains/money/payables/expenseSettings/module.js';
import expenses from './domains/money/payables/expenses/module.js';
import providers from './domains/money/payables/providers/module.js';
import withdrawals from './domains/money/payables/withdrawals/module.js';

export const modules: readonly DomainModule[] = [
  // platform
  auditLog,
  downloads,
  // community
  amenities,
  dashboard,
  feed,
  neighborhoods,
  revisionPoints,
  setupSummary,
  sharedFiles,
  vehicles,
  visitors,
  // people
  accounts,
  chats,
  activation,
  adminUsers,
  contact,
  onboarding,
  residents,
  session,
  signup,
  users,
  // property
  houseTypes,
  houses,
  massiveLoad,
  streets,
  // money/accounting
  accountingAccounts,
  accountingExports,
  cfdis,
  fiscal,
  incomeAccounts,
  reports,
  taxInfo,
  transactions,
  // money/receivables
  agreements,
  balances,
  incomeConcepts,
  ledger,
  maintenanceSettings,
  maintenances,
  measuredServices,
  payments,
  receipts,
  serviceConcepts,
  servicePeriods,
  unknownPayments,
  // money/payables
  expenseAttachments,
  expenseCfdis,
  expenseGroups,
  expenseReports,
  expenseSettings,
  expenses,
  providers,
  withdrawals,
];
