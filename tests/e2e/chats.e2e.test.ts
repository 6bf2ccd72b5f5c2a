// Chats and friendships in the browser: Patricia (owner) finds the demo's unread conversations on her dashboard,
// talks live with the resident of her house from two open pages, a message that arrives elsewhere shows a notice
// that opens it, she blocks the neighbour whose invitation waits for her, finds another neighbour by e-mail,
// invites and cancels; part of it at 375 px.
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { Page, WebSocketRoute } from 'playwright-core';
import { noticeShown, screenshot, screenshotsAtBothWidths, signInToShell, startBrowserEnv, type BrowserEnv } from './browser.js';

let env: BrowserEnv;
const prisma = () => env.t.app.db.prisma;

beforeAll(async () => {
  env = await startBrowserEnv();
});
const pages: Page[] = [];
afterAll(() => env?.close());

/** What the pages whose sockets are routed sent their server (graphql-ws messages, as text). */
const sent: string[] = [];

/**
 * A page signed in as `email`; with `sockets`, its live sockets pass through routes kept there (so a test can drop
 * one), and what it sends is kept in `sent` (so a test can wait until it has subscribed).
 */
async function open(email: string, sockets?: WebSocketRoute[]) {
  const page = await env.newPage();
  pages.push(page);
  if (sockets)
    await page.routeWebSocket(/\/graphql$/, (ws) => {
      sockets.push(ws);
      const server = ws.connectToServer();
      ws.onMessage((message) => {
        sent.push(String(message));
        server.send(message);
      });
    });
  await signInToShell(page, env.base, email);
  return page;
}

const userId = async (email: string) => (await prisma().user.findUniqueOrThrow({ where: { email }, select: { id: true } })).id;
const pair = (a: number, b: number) => (a < b ? `${a}:${b}` : `${b}:${a}`);
const chatOf = async (a: number, b: number) => prisma().chat.findUniqueOrThrow({ where: { pairKey: pair(a, b) } });
const fullName = async (id: number) => {
  const u = await prisma().user.findUniqueOrThrow({ where: { id }, select: { firstName: true, lastName: true } });
  return [u.firstName, u.lastName].filter(Boolean).join(' ');
};

describe('chats and friendships in the browser', () => {
  it('the dashboard widget, a live conversation, a notice, a block, an e-mail search, an invitation cancelled', async () => {
    onTestFailed(async () => {
      for (const [i, page] of pages.entries()) await screenshot(page, `chats-failed-${i}`).catch(() => undefined);
    });
    const started = Date.now();

    const patriciaId = await userId('propietario@demo.mx');
    const adminId = await userId('admin@demo.mx');
    const residentId = await userId('residente@demo.mx');
    const withAdmin = await chatOf(patriciaId, adminId);
    const withResident = await chatOf(patriciaId, residentId);
    // The demo's two neighbours: the first invited Patricia, Patricia invited the second.
    const pending = await prisma().chat.findMany({
      where: { participants: { some: { userId: patriciaId } }, NOT: { id: { in: [withAdmin.id, withResident.id] } } },
      include: { participants: true },
    });
    const invitation = pending.find((c) => c.createdByUserId !== patriciaId)!;
    const invited = pending.find((c) => c.createdByUserId === patriciaId)!;
    expect(invitation && invited).toBeTruthy();
    const neighbourId = invitation.createdByUserId;
    const neighbourName = await fullName(neighbourId);
    // A neighbour Patricia has no conversation with, to find by e-mail.
    const talking = new Set(pending.flatMap((c) => c.participants.map((p) => p.userId)));
    const candidates = await prisma().user.findMany({ where: { email: { startsWith: 'vecino' } }, orderBy: { id: 'asc' }, select: { id: true, email: true } });
    const stranger = candidates.find((u) => u.email === 'vecino5@demo.mx' && !talking.has(u.id)) ?? candidates.find((u) => !talking.has(u.id))!;
    const strangerName = await fullName(stranger.id);

    // Patricia's dashboard lists her unread conversations, her menu counts them.
    const patricia = await open('propietario@demo.mx');
    await patricia.goto(`${env.base}/`);
    await patricia.getByRole('heading', { name: 'Hola, Patricia' }).waitFor();
    const widget = patricia.getByTestId('unread-chats');
    await widget.getByRole('heading', { name: 'Mensajes sin leer' }).waitFor();
    await widget.getByTestId(`unread-chat-${withAdmin.identifier}`).waitFor();
    await widget.getByTestId(`unread-chat-${withResident.identifier}`).getByText('2', { exact: true }).waitFor();
    await widget.getByTestId(`unread-chat-${invitation.identifier}`).waitFor();
    await patricia.getByTestId('menu-chats-unread').getByText('3', { exact: true }).waitFor();
    await screenshotsAtBothWidths(patricia, 'chats-dashboard');

    // The conversations: latest first, with what each one waits for.
    await patricia
      .locator('nav[data-menu-group="account"]')
      .getByRole('link', { name: /^Conversaciones/ })
      .click();
    await patricia.getByRole('heading', { name: 'Conversaciones' }).waitFor();
    await patricia.getByTestId(`chat-row-${invitation.identifier}`).getByText('Te invitó a conversar').waitFor();
    await patricia.getByTestId(`chat-row-${invited.identifier}`).getByText('Invitación pendiente').waitFor();
    await patricia.getByTestId(`chat-row-${withResident.identifier}`).getByText('Necesita la podadora que está guardada ahí.').waitFor();
    await screenshotsAtBothWidths(patricia, 'chats-list');
    // The search keeps to the name typed.
    await patricia.getByRole('textbox', { name: 'Buscar por nombre' }).fill('Adriana');
    await patricia.waitForURL('**search=Adriana**');
    await patricia.getByTestId(`chat-row-${withResident.identifier}`).waitFor({ state: 'detached' });
    await patricia.getByTestId(`chat-row-${withAdmin.identifier}`).waitFor();
    await patricia.getByRole('button', { name: 'Borrar búsqueda' }).click();
    await patricia.getByTestId(`chat-row-${withResident.identifier}`).waitFor();

    // The resident opens the conversation with Patricia; Patricia opens it too, which reads it.
    const residentSockets: WebSocketRoute[] = [];
    const resident = await open('residente@demo.mx', residentSockets);
    await resident.goto(`${env.base}/chats/${withResident.identifier}`);
    await resident.getByText('Necesita la podadora que está guardada ahí.').waitFor();
    await patricia.getByTestId(`chat-row-${withResident.identifier}`).click();
    await patricia.waitForURL(`**/chats/${withResident.identifier}`);
    await patricia.getByText('Otra cosa: el jardinero viene el jueves, ¿le abro la bodega?').waitFor();
    await patricia.getByTestId('menu-chats-unread').getByText('2', { exact: true }).waitFor();
    await expect
      .poll(
        async () =>
          (await prisma().chatParticipant.findUniqueOrThrow({ where: { chatId_userId: { chatId: withResident.id, userId: patriciaId } } })).lastReadMessageId,
      )
      .toBe(withResident.lastMessageId);

    // Patricia writes (Enter sends), the resident's page shows it without a reload; the reply comes back live.
    const composer = patricia.getByRole('textbox', { name: 'Mensaje' });
    await composer.fill('Sí, ábrele la bodega. La llave está en el llavero de la cocina.');
    await composer.press('Enter');
    await resident.getByText('Sí, ábrele la bodega. La llave está en el llavero de la cocina.').waitFor();
    expect(await composer.inputValue()).toBe('');
    const residentComposer = resident.getByRole('textbox', { name: 'Mensaje' });
    await residentComposer.fill('Perfecto, gracias.');
    await resident.getByRole('button', { name: 'Enviar' }).click();
    await patricia.getByText('Perfecto, gracias.').waitFor();
    // Shift+Enter adds a line instead of sending.
    await composer.fill('Primera línea');
    await composer.press('Shift+Enter');
    await composer.pressSequentially('segunda línea');
    expect(await composer.inputValue()).toBe('Primera línea\nsegunda línea');
    await composer.fill('');
    await screenshotsAtBothWidths(patricia, 'chats-conversation');

    // A message that arrives while its conversation is not on screen shows a notice that opens it.
    const subscriptions = () => sent.filter((m) => m.includes('"subscribe"') && m.includes('chatEvents')).length;
    const subscribed = subscriptions();
    await resident.goto(`${env.base}/`);
    await resident.getByTestId('unread-chats').waitFor();
    // The new page's socket has asked for the chat events before the message is sent (a loaded machine opens it late).
    await expect.poll(subscriptions, { timeout: 20_000 }).toBeGreaterThan(subscribed);
    await composer.fill('¿Me avisas cuando llegue el jardinero?');
    await patricia.getByRole('button', { name: 'Enviar' }).click();
    const push = resident.getByTestId('chat-push');
    await push.getByText('Mensaje de Patricia Ruiz').waitFor();
    await resident.getByTestId(`unread-chat-${withResident.identifier}`).waitFor();
    await push.getByText('¿Me avisas cuando llegue el jardinero?').click();
    await resident.waitForURL(`**/chats/${withResident.identifier}`);
    await resident.getByTestId('chat-messages').getByText('¿Me avisas cuando llegue el jardinero?').waitFor();

    // The resident's live socket drops (a server restart): what Patricia writes meanwhile is read once it reconnects.
    // (After the second its open chat takes to catch up once it subscribes, so only the reconnection can bring it.)
    await resident.waitForTimeout(1_500);
    const opened = residentSockets.length;
    await residentSockets.at(-1)!.close({ code: 1012, reason: 'Service Restart' });
    await composer.fill('Te dejo la llave con el guardia de la caseta.');
    await patricia.getByRole('button', { name: 'Enviar' }).click();
    await resident.getByTestId('chat-messages').getByText('Te dejo la llave con el guardia de la caseta.').waitFor({ timeout: 20_000 });
    await expect.poll(() => residentSockets.length, { timeout: 20_000 }).toBeGreaterThan(opened);

    // /chats/{userId} opens the conversation with that person.
    await patricia.goto(`${env.base}/chats/${adminId}`);
    await patricia.waitForURL(`**/chats/${withAdmin.identifier}`);
    await patricia.getByText('Entre las 10:00 y las 11:00. Le avisaremos desde la caseta cuando llegue.').waitFor();

    // The neighbour's invitation: Patricia sees who invited her and blocks; the neighbour's open page hears it.
    const neighbourEmail = (await prisma().user.findUniqueOrThrow({ where: { id: neighbourId }, select: { email: true } })).email;
    const neighbour = await open(neighbourEmail);
    await neighbour.goto(`${env.base}/chats/${invitation.identifier}`);
    await neighbour.getByTestId('chat-invitation-sent').getByText('Esperando a que Patricia Ruiz acepte tu invitación').waitFor();
    await patricia.goto(`${env.base}/chats`);
    await patricia.getByTestId(`chat-row-${invitation.identifier}`).click();
    const banner = patricia.getByTestId('chat-invitation-received');
    await banner.getByText(`${neighbourName} te invitó a conversar. Responde para aceptar o bloquea a esta persona.`).waitFor();
    await patricia.getByText('¿Podemos ponernos de acuerdo para el árbol que da a las dos cocheras?').waitFor();
    await screenshotsAtBothWidths(patricia, 'chats-invitation-received');
    await banner.getByRole('button', { name: 'Bloquear' }).click();
    await patricia.getByRole('dialog').getByText(`¿Bloquear a ${neighbourName}?`, { exact: false }).waitFor();
    await patricia.getByTestId('chat-confirm').click();
    await noticeShown(patricia, 'El usuario ha sido bloqueado');
    // The blocker no longer lists the conversation; the blocked one can no longer write in it.
    await patricia.waitForURL(/\/chats$/);
    await patricia.getByTestId(`chat-row-${withAdmin.identifier}`).waitFor();
    expect(await patricia.getByTestId(`chat-row-${invitation.identifier}`).count()).toBe(0);
    await neighbour.getByTestId('chat-cannot-write').getByText('No es posible enviar mensajes en esta conversación').waitFor();
    await neighbour.getByTestId('chat-invitation-sent').waitFor({ state: 'detached' });
    await screenshotsAtBothWidths(neighbour, 'chats-blocked');
    expect((await prisma().chat.findUniqueOrThrow({ where: { id: invitation.id } })).blockedByUserId).toBe(patriciaId);

    // Friends: the people she talks with, suggestions, and the e-mail search.
    await patricia.getByRole('link', { name: 'Nueva conversación' }).first().click();
    await patricia.waitForURL('**/friendships');
    await patricia.getByRole('heading', { name: 'Amigos' }).waitFor();
    await patricia.getByTestId(`friend-${residentId}`).waitFor();
    await patricia.getByRole('heading', { name: 'Sugerencias' }).waitFor();
    await screenshotsAtBothWidths(patricia, 'chats-friendships');
    await patricia.getByRole('link', { name: 'Buscar por correo' }).click();
    await patricia.waitForURL('**/friendships/new');
    const email = patricia.getByRole('textbox', { name: 'Correo electrónico' });
    await email.fill('no-es-correo');
    await patricia.getByRole('button', { name: 'Buscar' }).click();
    await patricia.getByText('El correo electrónico no es válido').waitFor();
    await email.fill('nadie@otra-comunidad.mx');
    await patricia.getByRole('button', { name: 'Buscar' }).click();
    await patricia.getByText('No encontramos a nadie con ese correo en tus comunidades').waitFor();
    await email.fill(stranger.email);
    await patricia.getByRole('button', { name: 'Buscar' }).click();
    const found = patricia.getByTestId(`found-${stranger.id}`);
    await found.getByText(strangerName).waitFor();
    await screenshotsAtBothWidths(patricia, 'chats-find-friend');
    await found.getByRole('button', { name: 'Invitar a conversar' }).click();
    await noticeShown(patricia, 'La invitación ha sido enviada');
    const fresh = await chatOf(patriciaId, stranger.id);
    await patricia.waitForURL(`**/chats/${fresh.identifier}`);
    const waiting = patricia.getByTestId('chat-invitation-sent');
    await waiting.getByText(`Esperando a que ${strangerName} acepte tu invitación`).waitFor();

    // At 375 px: she cancels that invitation from the conversation's options.
    await patricia.setViewportSize({ width: 375, height: 812 });
    await patricia.getByTestId('chat-options').click();
    await patricia.getByRole('menuitem', { name: 'Cancelar invitación' }).click();
    await patricia.getByRole('dialog').getByText(`¿Cancelar tu invitación a ${strangerName}?`).waitFor();
    await screenshot(patricia, 'chats-cancel-375');
    await patricia.getByTestId('chat-confirm').click();
    await noticeShown(patricia, 'La invitación ha sido cancelada');
    await patricia.waitForURL(/\/chats$/);
    await patricia.getByTestId(`chat-row-${fresh.identifier}`).waitFor({ state: 'detached' });
    await patricia.getByTestId(`chat-row-${withResident.identifier}`).waitFor();
    const width = await patricia.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(376);
    // The resident's conversation on a phone: the composer in reach, the newest message in view.
    await patricia.getByTestId(`chat-row-${withResident.identifier}`).click();
    await patricia.getByRole('textbox', { name: 'Mensaje' }).click();
    await patricia.getByText('¿Me avisas cuando llegue el jardinero?').waitFor();
    await screenshot(patricia, 'chats-conversation-phone-375');

    console.log(`chats journey: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }, 180_000);
});
