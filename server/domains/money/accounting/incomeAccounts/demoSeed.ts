import type { DemoSeedContext } from '../../../../db/demoConfiguration.js';

/**
 * The demo community's income accounts: a BBVA account by CLABE (its check digit is valid), the card
 * terminal of the gatehouse and the administration's cash box.
 */
export async function seedIncomeAccounts({ prisma, neighborhoodId }: DemoSeedContext): Promise<void> {
  const holderName = 'Residencial Los Olivos A.C.';
  await prisma.incomeAccount.createMany({
    data: [
      {
        neighborhoodId,
        accountType: 'CLABE',
        description: 'Cuenta de cobranza BBVA',
        holderName,
        accountNumber: '012180001234567899',
        accountingAccount: '102-01',
      },
      { neighborhoodId, accountType: 'TERMINAL', description: 'Terminal de la caseta', holderName, accountNumber: 'TPV-0042', accountingAccount: '102-01' },
      { neighborhoodId, accountType: 'CASH', description: 'Caja de la administración', accountingAccount: '101-01' },
    ],
  });
}
