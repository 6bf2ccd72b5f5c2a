import type { AccountingAccountKey } from '../../../../../core/accounts.js';
import type { DemoSeedContext } from '../../../../db/demoConfiguration.js';

/** A chart in the style of the SAT's código agrupador (101 Caja, 102 Bancos, 401 Ingresos, ...). */
const DEMO_ACCOUNTS: Record<AccountingAccountKey, [number: string, name: string]> = {
  CASH: ['101-01', 'Caja'],
  BANKS: ['102-01', 'Bancos'],
  RECEIVABLES: ['105-01', 'Cuotas por cobrar'],
  PROVIDERS: ['201-01', 'Proveedores'],
  SUSPENSE: ['205-01', 'Depósitos por identificar'],
  VAT_TRANSFERRED: ['208-01', 'IVA trasladado cobrado'],
  VAT_PENDING: ['209-01', 'IVA trasladado no cobrado'],
  MAINTENANCE_INCOME: ['401-01', 'Ingresos por cuotas de mantenimiento'],
  EXTRAORDINARY_INCOME: ['401-02', 'Ingresos por cuotas extraordinarias'],
  PENALTY_INCOME: ['401-03', 'Ingresos por recargos'],
  DISCOUNTS: ['402-01', 'Descuentos por pronto pago'],
  EXPENSES: ['601-01', 'Gastos de administración y mantenimiento'],
  GATEWAY_FEES: ['701-01', 'Comisiones bancarias y de cobro en línea'],
};

/** The demo community's full set of accounting accounts. */
export async function seedAccountingAccounts({ prisma, neighborhoodId }: DemoSeedContext): Promise<void> {
  await prisma.accountingAccountSetting.createMany({
    data: Object.entries(DEMO_ACCOUNTS).map(([key, [number, name]]) => ({ neighborhoodId, key: key as AccountingAccountKey, number, name })),
  });
}
