import { GraphQLDirective, GraphQLList, GraphQLNonNull, GraphQLString, DirectiveLocation, lexicographicSortSchema, specifiedDirectives } from 'graphql';
import { printSchemaWithDirectives } from '@graphql-tools/utils';
import { builder } from './builder.js';
import './errorTypes.js';
import '../domains/community/neighborhoods/neighborhood.js';
import '../domains/property/houses/house.js';
import '../domains/property/houses/ownersList.js';
import '../domains/platform/auditLog/auditLog.js';
import '../domains/property/streets/street.js';
import '../domains/property/houseTypes/houseType.js';
import '../domains/people/adminUsers/adminUser.js';
import '../domains/people/users/user.js';
import '../domains/people/session/session.js';
import '../domains/people/signup/signup.js';
import '../domains/people/activation/activation.js';
import '../domains/people/onboarding/onboarding.js';
import '../domains/property/massiveLoad/massiveLoad.js';
import '../domains/people/residents/resident.js';
import '../domains/money/accounting/taxInfo/taxInfo.js';
import '../domains/community/dashboard/dashboard.js';
import '../domains/community/dashboard/moneyWidgets.js';
import '../domains/community/neighborhoods/settings.js';
import '../domains/money/accounting/incomeAccounts/incomeAccount.js';
import '../domains/money/accounting/accountingAccounts/accountingAccounts.js';
import '../domains/money/receivables/incomeConcepts/incomeConcept.js';
import '../domains/money/payables/expenseSettings/expenseSettings.js';
import '../domains/money/accounting/fiscal/fiscalInformation.js';
import '../domains/money/receivables/maintenanceSettings/maintenanceSettings.js';
import '../domains/community/revisionPoints/revisionPoint.js';
import '../domains/community/setupSummary/setupSummary.js';
import '../domains/community/amenities/amenity.js';
import '../domains/money/receivables/receipts/receipt.js';
import '../domains/money/receivables/maintenances/maintenance.js';
import '../domains/money/receivables/balances/balance.js';
import '../domains/money/receivables/receipts/documents.js';
import '../domains/money/receivables/receipts/externalPaymentsGraphql.js';
import '../domains/money/receivables/receipts/creditReceipts.js';
import '../domains/money/receivables/unknownPayments/unknownPayment.js';
import '../domains/money/receivables/payments/payment.js';
import '../domains/money/accounting/cfdis/cfdi.js';
import '../domains/money/receivables/agreements/agreement.js';
import '../domains/money/receivables/serviceConcepts/serviceConcept.js';
import '../domains/money/receivables/measuredServices/measuredService.js';
import '../domains/money/receivables/servicePeriods/period.js';
import '../domains/money/payables/withdrawals/withdrawal.js';
import '../domains/money/payables/expenseReports/expenseReport.js';
import '../domains/money/accounting/reports/report.js';
import '../domains/money/payables/expenses/expense.js';
import '../domains/money/payables/providers/provider.js';
import '../domains/money/payables/expenseGroups/expenseGroup.js';
import '../domains/money/payables/expenseCfdis/expenseCfdi.js';
import '../domains/money/payables/expenseAttachments/expenseAttachment.js';
import '../domains/money/accounting/transactions/transaction.js';
import '../domains/money/accounting/accountingExports/accountingExport.js';

const grantDirective = new GraphQLDirective({
  name: 'grant',
  description: 'The field needs any one of these grants in the current account (after module gating).',
  locations: [DirectiveLocation.FIELD_DEFINITION, DirectiveLocation.OBJECT],
  args: { any: { type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(GraphQLString))) } },
});

// Passing directives replaces graphql's own: keep @include, @skip, @deprecated and @specifiedBy.
export const schema = builder.toSchema({ directives: [...specifiedDirectives, grantDirective], sortSchema: true });

/** schema.graphql as committed: the schema with its @grant directives, sorted for stable diffs. */
export function printSchemaFile(): string {
  return `${printSchemaWithDirectives(lexicographicSortSchema(schema))}\n`;
}
