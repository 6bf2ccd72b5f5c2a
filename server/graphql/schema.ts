import { GraphQLDirective, GraphQLList, GraphQLNonNull, GraphQLString, DirectiveLocation, lexicographicSortSchema, specifiedDirectives } from 'graphql';
import { printSchemaWithDirectives } from '@graphql-tools/utils';
import { builder } from './builder.js';
import './errorTypes.js';
import '../domains/neighborhoods/neighborhood.js';
import '../domains/houses/house.js';
import '../domains/houses/ownersList.js';
import '../domains/auditLog/auditLog.js';
import '../domains/streets/street.js';
import '../domains/houseTypes/houseType.js';
import '../domains/adminUsers/adminUser.js';
import '../domains/users/user.js';
import '../domains/session/session.js';
import '../domains/signup/signup.js';
import '../domains/activation/activation.js';
import '../domains/onboarding/onboarding.js';
import '../domains/massiveLoad/massiveLoad.js';
import '../domains/residents/resident.js';
import '../domains/taxInfo/taxInfo.js';
import '../domains/dashboard/dashboard.js';
import '../domains/dashboard/moneyWidgets.js';
import '../domains/neighborhoods/settings.js';
import '../domains/incomeAccounts/incomeAccount.js';
import '../domains/accountingAccounts/accountingAccounts.js';
import '../domains/incomeConcepts/incomeConcept.js';
import '../domains/expenseSettings/expenseSettings.js';
import '../domains/fiscal/fiscalInformation.js';
import '../domains/maintenanceSettings/maintenanceSettings.js';
import '../domains/revisionPoints/revisionPoint.js';
import '../domains/setupSummary/setupSummary.js';
import '../domains/amenities/amenity.js';
import '../domains/receipts/receipt.js';
import '../domains/maintenances/maintenance.js';
import '../domains/balances/balance.js';
import '../domains/receipts/documents.js';
import '../domains/receipts/externalPaymentsGraphql.js';
import '../domains/receipts/creditReceipts.js';
import '../domains/unknownPayments/unknownPayment.js';
import '../domains/payments/payment.js';
import '../domains/cfdis/cfdi.js';
import '../domains/agreements/agreement.js';
import '../domains/serviceConcepts/serviceConcept.js';
import '../domains/measuredServices/measuredService.js';
import '../domains/servicePeriods/period.js';
import '../domains/withdrawals/withdrawal.js';
import '../domains/expenseReports/expenseReport.js';
import '../domains/reports/report.js';
import '../domains/expenses/expense.js';
import '../domains/providers/provider.js';
import '../domains/expenseGroups/expenseGroup.js';
import '../domains/expenseCfdis/expenseCfdi.js';
import '../domains/expenseAttachments/expenseAttachment.js';
import '../domains/transactions/transaction.js';
import '../domains/accountingExports/accountingExport.js';

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
