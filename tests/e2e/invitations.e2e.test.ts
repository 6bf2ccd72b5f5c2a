// A person of another community is invited, never taken: the administrator sees only the e-mail typed,
// the person's data stays theirs, and the house changes hands when they accept in their own session.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../server/auth/passwords.js';
import { screenshot, signInToShell, startBrowserEnv, type BrowserEnv } from './browser.js';

let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
});
afterAll(() => env?.close());

describe('owner invitations in the browser', () => {
  it('invites a resident of Torre Azul to own a house of Los Olivos; the house moves only when she accepts', async () => {
    const prisma = env.t.app.db.prisma;
    const torre = await prisma.neighborhood.findUniqueOrThrow({ where: { domain: 'torre_azul' } });
    const tower = await prisma.house.findFirstOrThrow({ where: { neighborhoodId: torre.id } });
    const residentRole = await prisma.role.findFirstOrThrow({ where: { neighborhoodId: torre.id, kind: 'RESIDENT' } });
    const marta = await prisma.user.create({
      data: {
        email: 'marta.luna@demo.mx',
        firstName: 'Marta',
        lastName: 'Luna',
        mobile: '5512345678',
        emailVerified: true,
        passwordHash: await hashPassword('demo1234'),
      },
    });
    await prisma.membership.create({ data: { neighborhoodId: torre.id, userId: marta.id, houseId: tower.id, roleId: residentRole.id } });
    const house = await prisma.house.findFirstOrThrow({
      where: { neighborhoodId: 1, status: 'ACTIVE', owner: { email: { startsWith: 'vecino' } } },
      include: { owner: true },
      orderBy: { id: 'asc' },
    });

    const admin = await env.newPage();
    await signInToShell(admin, env.base, 'admin@demo.mx');
    await admin.goto(`${env.base}/owners/${house.id}/change`);
    await admin.getByLabel('Correo del nuevo propietario').fill('marta.luna@demo.mx');
    await admin.getByRole('button', { name: 'Buscar' }).click();
    // ownerCandidate answers only people of this community: nothing about Marta shows.
    await admin.getByText('marta.luna@demo.mx no pertenece a esta comunidad', { exact: false }).waitFor();
    expect(await admin.getByText(/Marta|Luna/).count()).toBe(0);
    await admin.getByLabel(/^Nombre\s*\*?$/).fill('Otra Persona');
    await admin.getByRole('button', { name: 'Registrar y asignar como propietario' }).click();
    await admin.getByText('Enviamos una invitación a marta.luna@demo.mx', { exact: false }).waitFor();

    await admin.goto(`${env.base}/owners/${house.id}/change`);
    await admin.getByText('Invitación pendiente de aceptar: marta.luna@demo.mx').waitFor();
    // Until she accepts the house keeps its owner, and her name and phone stay hers.
    await admin.getByText(`<${house.owner!.email}>`, { exact: false }).first().waitFor();
    expect(await admin.getByText('5512345678').count()).toBe(0);
    await screenshot(admin, 'owners-change-invited');
    expect(await prisma.user.findUniqueOrThrow({ where: { id: marta.id } })).toMatchObject({ firstName: 'Marta', lastName: 'Luna' });
    expect((await prisma.house.findUniqueOrThrow({ where: { id: house.id } })).ownerUserId).toBe(house.ownerUserId);

    const invitation = await prisma.membership.findFirstOrThrow({ where: { userId: marta.id, houseId: house.id, pending: true } });
    const mailed = await prisma.emailOutbox.findFirstOrThrow({ where: { to: 'marta.luna@demo.mx' }, orderBy: { id: 'desc' } });
    expect(mailed.text).toContain(`/invitations/${invitation.invitationCode}`);

    const page = await env.newPage();
    await signInToShell(page, env.base, 'marta.luna@demo.mx');
    await page.goto(`${env.base}/invitations/${invitation.invitationCode}`);
    await page.getByText('Residencial Los Olivos te invita como', { exact: false }).waitFor();
    await screenshot(page, 'invitation');
    await page.getByRole('button', { name: 'Aceptar invitación' }).click();
    await page.getByText('Ahora perteneces a Residencial Los Olivos').waitFor();
    await page.getByRole('button', { name: 'Continuar' }).click();
    // Her session now lists the new account: the switcher offers Los Olivos.
    await page.waitForURL(`${env.base}/`);

    await expect.poll(async () => (await prisma.house.findUniqueOrThrow({ where: { id: house.id } })).ownerUserId).toBe(marta.id);
    expect(await prisma.membership.findMany({ where: { userId: marta.id, houseId: house.id }, select: { pending: true, active: true } })).toEqual([
      { pending: false, active: true },
    ]);
    await admin.goto(`${env.base}/owners/${house.id}/change`);
    await admin.getByText('Marta Luna <marta.luna@demo.mx>').first().waitFor();
    await admin.context().close();
    await page.context().close();
  });
});
