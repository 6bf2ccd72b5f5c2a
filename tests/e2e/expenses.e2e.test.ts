// Expenses in the browser (spec 2): an administrator registers an expense with two lines and IVA and asks
// for approval; a second administrator (an approver) approves it and marks it paid; the list shows it paid.
// An administrator selects two expenses in the list and groups them under the next folio of the serie.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../server/auth/passwords.js';
import { screenshot, screenshotsAtBothWidths, signInToShell, startBrowserEnv, type BrowserEnv } from './browser.js';

let env: BrowserEnv;

beforeAll(async () => {
  env = await startBrowserEnv();
  const prisma = env.t.app.db.prisma;
  const olivos = await prisma.neighborhood.findUniqueOrThrow({ where: { domain: 'los_olivos' } });
  const role = await prisma.role.findFirstOrThrow({ where: { neighborhoodId: olivos.id, kind: 'ADMIN' } });
  const user = await prisma.user.create({
    data: {
      email: 'aprobadora.egresos@demo.mx',
      firstName: 'Valeria',
      lastName: 'Ortega',
      passwordHash: await hashPassword('demo1234'),
      emailVerified: true,
      memberships: { create: { neighborhoodId: olivos.id, roleId: role.id } },
    },
  });
  await prisma.expenseApprover.create({ data: { neighborhoodId: olivos.id, userId: user.id } });
}, 120_000);
afterAll(() => env?.close());

describe('expenses in the browser', () => {
  it('register with two lines and IVA, ask approval, approve as a second administrator, mark paid', async () => {
    const page = await env.newPage();
    await signInToShell(page, env.base, 'admin@demo.mx');
    await page.goto(`${env.base}/expenses`);
    await page.getByRole('link', { name: 'Registrar un egreso' }).first().click();
    await page.waitForURL('**/expenses/form');

    await page.getByRole('combobox', { name: 'Proveedor', exact: true }).fill('Jardines');
    await page.getByRole('option', { name: /Jardines del Valle/ }).click();
    const first = page.getByTestId('expense-line-0');
    await first.getByLabel('Descripción del concepto').fill('Poda de árboles del parque');
    await first.getByLabel('Cantidad').fill('2');
    await first.getByLabel('Precio unitario').fill('1250.50');
    await page.getByRole('button', { name: 'Agregar concepto' }).click();
    const second = page.getByTestId('expense-line-1');
    await second.getByLabel('Descripción del concepto').fill('Fertilizante');
    await second.getByLabel('Cantidad').fill('3');
    await second.getByLabel('Precio unitario').fill('180');
    // 2 × 1250.50 + 3 × 180 = 3041.00; IVA 16 % = 486.56; total 3527.56.
    await page.getByTestId('total-subtotal').getByText('$3,041.00').waitFor();
    await page.getByTestId('total-transferred').getByText('$486.56').waitFor();
    await page.getByTestId('total-total').getByText('$3,527.56').waitFor();
    await screenshotsAtBothWidths(page, 'expenses-form');
    await page.getByRole('button', { name: 'Guardar egreso' }).click();
    await page.getByText('El egreso ha sido registrado').waitFor();
    await page.waitForURL('**/expenses/*/detail');
    const id = Number(/expenses\/(\d+)\/detail/.exec(page.url())![1]);
    await page.getByTestId('expense-status').getByText('Nuevo').waitFor();
    await page.getByRole('button', { name: 'Solicitar aprobación' }).click();
    await page.getByText('Se ha solicitado la aprobación del egreso').waitFor();
    expect(await env.t.app.db.prisma.emailOutbox.count({ where: { to: 'aprobadora.egresos@demo.mx' } })).toBe(1);
    // The author does not approve their own expense.
    expect(await page.getByRole('button', { name: 'Aprobar' }).count()).toBe(0);

    const approver = await env.newPage();
    await signInToShell(approver, env.base, 'aprobadora.egresos@demo.mx');
    await approver.goto(`${env.base}/expenses/${id}/detail`);
    await approver.getByTestId('expense-total').getByText('$3,527.56').waitFor();
    await approver.getByRole('button', { name: 'Aprobar' }).click();
    await approver.getByLabel('Comentario').fill('Cotización revisada');
    await approver.getByRole('button', { name: 'Confirmar' }).click();
    await approver.getByText('Se ha aprobado el egreso').waitFor();
    await approver.getByTestId('expense-status').getByText('Aprobado').waitFor();
    await approver.getByText('Cotización revisada').waitFor();

    await approver.getByRole('button', { name: 'Marcar como pagado' }).click();
    const dialog = approver.getByRole('dialog');
    await dialog.getByLabel('CLABE').waitFor();
    await screenshot(approver, 'expenses-pay-dialog');
    await dialog.getByRole('button', { name: 'Confirmar' }).click();
    await approver.getByText('Se ha marcado como pagado el egreso').waitFor();
    await approver.getByTestId('expense-status').getByText('Pagado').waitFor();
    await screenshotsAtBothWidths(approver, 'expenses-detail-paid');
    const ledger = await env.t.app.db.prisma.communityLedgerEntry.findMany({ where: { expenseId: id } });
    expect(ledger.map((e) => [e.kind, e.amount.toFixed(2)])).toEqual([['EXPENSE_PAID', '-3527.56']]);

    await approver.goto(`${env.base}/expenses?status=PAID`);
    const row = approver.getByTestId(`expense-row-${id}`);
    await row.getByText('Pagado').waitFor();
    await row.getByText('$3,527.56').waitFor();
    await screenshotsAtBothWidths(approver, 'expenses-list');
  });

  it('select two expenses in the list and group them under the next folio', async () => {
    const prisma = env.t.app.db.prisma;
    const olivos = await prisma.neighborhood.findUniqueOrThrow({ where: { domain: 'los_olivos' } });
    const adminId = (await prisma.user.findUniqueOrThrow({ where: { email: 'admin@demo.mx' } })).id;
    const ids: number[] = [];
    for (const [folio, total] of [
      [8801, '950.00'],
      [8802, '1210.40'],
    ] as const) {
      const e = await prisma.expense.create({
        data: {
          neighborhoodId: olivos.id,
          status: 'APPROVED',
          description: `Limpieza de cisterna ${folio}`,
          operationDate: new Date(),
          serie: 'GR',
          folio,
          subtotal: total,
          total,
          createdByUserId: adminId,
        },
      });
      ids.push(e.id);
    }

    const page = await env.newPage();
    await signInToShell(page, env.base, 'admin@demo.mx');
    await page.goto(`${env.base}/expenses`);
    await page.getByTestId(`expense-row-${ids[1]}`).waitFor();
    // One expense is not a group.
    await page.getByRole('checkbox', { name: 'Seleccionar GR-8801' }).check();
    expect(await page.getByRole('button', { name: 'Agrupar' }).isDisabled()).toBe(true);
    await page.getByRole('checkbox', { name: 'Seleccionar GR-8802' }).check();
    await page.getByText('2 egresos seleccionados').waitFor();
    await page.getByRole('button', { name: 'Agrupar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Agrupar egresos' });
    const folio = dialog.getByLabel('Folio');
    await expect.poll(() => folio.inputValue()).not.toBe('');
    const chosen = Number(await folio.inputValue());
    const serie = await dialog.getByLabel('Serie').inputValue();
    // The proposed folio is the serie's next free one.
    expect(await prisma.expenseGroup.count({ where: { neighborhoodId: olivos.id, serie: serie || null, folio: { gte: chosen } } })).toBe(0);
    expect(await prisma.expenseGroup.count({ where: { neighborhoodId: olivos.id, serie: serie || null, folio: chosen - 1 } })).toBe(1);
    await dialog.getByLabel('Comentario').fill('Limpieza anual de cisternas');
    await screenshot(page, 'expenses-group-dialog');
    await dialog.getByRole('button', { name: 'Agrupar' }).click();
    const name = serie ? `${serie}-${chosen}` : String(chosen);
    await page.getByText(`Se agruparon 2 egresos en el grupo ${name}`).waitFor();
    await dialog.waitFor({ state: 'detached' });
    for (const id of ids) await page.getByTestId(`expense-row-${id}`).getByText(`${serie}-${chosen}`).waitFor();
    const group = await prisma.expenseGroup.findFirstOrThrow({ where: { neighborhoodId: olivos.id, folio: chosen }, include: { expenses: true } });
    expect(group.comment).toBe('Limpieza anual de cisternas');
    expect(group.expenses.map((e) => e.id).sort()).toEqual([...ids].sort());
    await screenshot(page, 'expenses-grouped');
  });
});
