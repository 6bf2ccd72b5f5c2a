import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshotsAtBothWidths, signInToShell, startBrowserEnv, type BrowserEnv } from './browser.js';

let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
});
afterAll(() => env?.close());

describe('income concepts in the browser', () => {
  it('the configuration administrator registers, edits and deletes a concept; platform concepts stay locked', async () => {
    const prisma = env.t.app.db.prisma;
    const page = await env.newPage();
    await signInToShell(page, env.base, 'config@demo.mx');
    await page.locator('nav[data-menu-group="configuration"]').getByRole('link', { name: 'Conceptos de ingreso' }).click();
    await page.getByRole('heading', { name: 'Conceptos de ingreso' }).waitFor();
    // The platform's own concepts carry their badge and no delete button; the community's own may be deleted.
    const maintenanceRow = page.getByRole('row', { name: /Cuota de mantenimiento/ });
    await maintenanceRow.getByText('Del sistema').waitFor();
    expect(await maintenanceRow.getByRole('button', { name: /Eliminar/ }).count()).toBe(0);
    await page
      .getByRole('row', { name: /Multa por ruido/ })
      .getByRole('button', { name: 'Eliminar Multa por ruido' })
      .waitFor();

    await page.getByRole('link', { name: 'Registrar concepto' }).first().click();
    await page.getByRole('heading', { name: 'Registrar concepto' }).waitFor();
    const save = page.getByRole('button', { name: 'Guardar' });
    await page.getByLabel('Descripción').fill('  ');
    await save.click();
    await page.getByText('La descripción es requerida').waitFor();
    await page.getByLabel('Descripción').fill('Cuota de gimnasio');
    await page.getByRole('combobox', { name: 'Monedero' }).click();
    await page.getByRole('option', { name: 'Cuotas extraordinarias' }).click();
    await page.getByLabel('Notificar pagos').check();
    await page.getByLabel('Permite comentarios').check();
    await page.getByLabel('Cuenta contable', { exact: true }).fill('402-09-');
    await page.getByLabel(/^Monto máximo/).fill('1200');
    await save.click();
    await page.getByText('La cuenta contable debe ser grupos de dígitos separados por guiones').waitFor();
    await page.getByLabel('Cuenta contable', { exact: true }).fill('402-09-001');
    await screenshotsAtBothWidths(page, 'income-concept-form');
    await save.click();
    await page.getByText('El concepto ha sido registrado').waitFor();
    const gymRow = page.getByRole('row', { name: /Cuota de gimnasio/ });
    await gymRow.getByText('Cuotas extraordinarias').waitFor();
    await gymRow.getByText('Notifica').filter({ visible: true }).waitFor();
    const gym = await prisma.incomeConcept.findFirstOrThrow({ where: { description: 'Cuota de gimnasio' }, include: { wallet: true } });
    expect(gym).toMatchObject({ notifyPayment: true, allowComments: true, visibleToOwner: true, accountingAccount: '402-09-001', deletable: true });
    expect(gym.wallet.type).toBe('EXTRAORDINARY');
    expect(gym.maxAmountBalance?.toFixed(2)).toBe('1200.00');
    await screenshotsAtBothWidths(page, 'income-concepts');

    await gymRow.getByRole('link', { name: 'Editar Cuota de gimnasio' }).click();
    await page.getByRole('heading', { name: 'Editar concepto de ingreso' }).waitFor();
    expect(await page.getByLabel('Descripción').inputValue()).toBe('Cuota de gimnasio');
    expect(await page.getByLabel(/^Monto máximo/).inputValue()).toBe('1,200.00');
    await page.getByLabel('Descripción').fill('Cuota de gimnasio 2027');
    await page.getByLabel('Visible para propietarios').uncheck();
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('El concepto ha sido actualizado').waitFor();
    await page.getByRole('row', { name: /Cuota de gimnasio 2027/ }).waitFor();
    expect(await prisma.incomeConcept.findUniqueOrThrow({ where: { id: gym.id } })).toMatchObject({
      description: 'Cuota de gimnasio 2027',
      visibleToOwner: false,
    });

    // A platform concept: description and wallet locked, its behaviour editable.
    await maintenanceRow.getByRole('link', { name: 'Editar Cuota de mantenimiento' }).click();
    await page.getByText('Concepto del sistema').waitFor();
    expect(await page.getByLabel('Descripción').isEditable()).toBe(false);
    expect(await page.getByRole('combobox', { name: 'Monedero' }).isEditable()).toBe(false);
    // Flags stay editable: the administrator may stop notifying maintenance payments.
    await page.getByLabel('Notificar pagos').uncheck();
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByRole('heading', { name: 'Conceptos de ingreso' }).waitFor();
    await expect
      .poll(async () => (await prisma.incomeConcept.findFirstOrThrow({ where: { neighborhoodId: 1, systemKey: 'MAINTENANCE' } })).notifyPayment)
      .toBe(false);
    await maintenanceRow.getByRole('link', { name: 'Editar Cuota de mantenimiento' }).click();
    await page.getByText('Concepto del sistema').waitFor();
    await screenshotsAtBothWidths(page, 'income-concept-system');
    await page.getByRole('link', { name: 'Cancelar' }).click();

    await page.getByLabel('Buscar por descripción').fill('gimnasio');
    await page.waitForURL(/description=gimnasio/);
    await expect.poll(() => page.getByRole('row').count()).toBe(2);
    await page.getByRole('button', { name: 'Eliminar Cuota de gimnasio 2027' }).click();
    await page.getByRole('dialog').getByText('¿Eliminar el concepto Cuota de gimnasio 2027?', { exact: false }).waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Eliminar' }).click();
    await page.getByText('El concepto ha sido eliminado').waitFor();
    await page.getByText('Ningún registro coincide con la búsqueda').waitFor();
    expect((await prisma.incomeConcept.findUniqueOrThrow({ where: { id: gym.id } })).deletedAt).not.toBeNull();
    await page.context().close();
  });
});

describe('expense settings in the browser', () => {
  it('saves approval with an approver and folios, then registers an expense concept', async () => {
    const prisma = env.t.app.db.prisma;
    // The demo's two approvers: the administrator and the treasurer (tesoreria@demo.mx).
    const treasurer = await prisma.user.findUniqueOrThrow({ where: { email: 'tesoreria@demo.mx' } });
    const page = await env.newPage();
    await signInToShell(page, env.base, 'config@demo.mx');
    await page.locator('nav[data-menu-group="configuration"]').getByRole('link', { name: 'Egresos', exact: true }).click();
    await page.getByRole('heading', { name: 'Configuración de egresos' }).waitFor();
    expect(await page.getByLabel('Requerir aprobación de egresos').isChecked()).toBe(true);
    expect(await page.getByLabel('Adriana Morales').isChecked()).toBe(true);
    expect(await page.getByLabel('Teresa Navarro').isChecked()).toBe(true);
    expect(await page.getByLabel('Serie', { exact: true }).inputValue()).toBe('EG');
    // Approval without approvers is refused under the list, before anything is sent.
    await page.getByLabel('Adriana Morales').uncheck();
    await page.getByLabel('Teresa Navarro').uncheck();
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Elige al menos un aprobador para requerir la aprobación de egresos').waitFor();
    await page.getByLabel('Teresa Navarro').check();
    await page.getByLabel('Serie', { exact: true }).fill('eg 25');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('La serie debe tener como máximo 10 letras o números, sin espacios').first().waitFor();
    await page.getByLabel('Serie', { exact: true }).fill('eg25');
    await page.getByLabel('Folio inicial', { exact: true }).fill('150');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('La configuración de egresos ha sido actualizada').waitFor();
    expect(await prisma.expenseSettings.findUniqueOrThrow({ where: { neighborhoodId: 1 } })).toMatchObject({
      requiredExpenseApproval: true,
      useFolio: true,
      initialFolio: 150,
      serie: 'EG25',
    });
    expect((await prisma.expenseApprover.findMany({ where: { neighborhoodId: 1 } })).map((a) => a.userId)).toEqual([treasurer.id]);
    await page.reload();
    await page.getByRole('heading', { name: 'Configuración de egresos' }).waitFor();
    expect(await page.getByLabel('Teresa Navarro').isChecked()).toBe(true);
    expect(await page.getByLabel('Serie', { exact: true }).inputValue()).toBe('EG25');
    await screenshotsAtBothWidths(page, 'expense-settings');

    await page.getByRole('link', { name: 'Conceptos de egreso' }).first().click();
    await page.getByRole('heading', { name: 'Conceptos de egreso' }).waitFor();
    await page
      .getByRole('row', { name: /Vigilancia/ })
      .getByText('EG-VIG')
      .waitFor();
    await page.getByRole('link', { name: 'Registrar concepto de egreso' }).first().click();
    await page.getByLabel(/^Concepto/).fill('Fumigación');
    await page.getByLabel('Identificador interno').fill('eg-vig');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('El identificador interno eg-vig ya es del concepto Vigilancia').waitFor();
    await page.getByLabel('Identificador interno').fill('EG-FUM');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('El concepto de egreso ha sido registrado').waitFor();
    await page
      .getByRole('row', { name: /Fumigación/ })
      .getByText('EG-FUM')
      .waitFor();
    expect(await prisma.expenseConcept.count({ where: { neighborhoodId: 1, concept: 'Fumigación', internalId: 'EG-FUM' } })).toBe(1);
    await screenshotsAtBothWidths(page, 'expense-concepts');
    await page.context().close();
  });
});
