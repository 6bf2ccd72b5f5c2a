// The legacy feed routes under /api/1.0/neighborhoods/{n}/users/{u}/feed through the real REST handler: the feed
// by last_id and old_id, publishing with the multipart form (lists as options[i], files as attachments[i]),
// votes, comments, views and deleting, and the demo's lived-in feed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../../../core/amenitySlots.js';
import { todayIn } from '../../../../core/receipts.js';
import { BASE, startTestApp, type TestApp } from '../../../../tests/testApp.js';

let t: TestApp;
let n: number;
let admin: string;
let owner: string;
let resident: string;
let adminId: number;
let ownerId: number;
let residentId: number;

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

beforeAll(async () => {
  t = await startTestApp();
  const prisma = t.app.db.prisma;
  n = (await prisma.neighborhood.findUniqueOrThrow({ where: { domain: 'los_olivos' } })).id;
  const idOf = async (email: string) => (await prisma.user.findUniqueOrThrow({ where: { email } })).id;
  [adminId, ownerId, residentId] = await Promise.all(['admin@demo.mx', 'propietario@demo.mx', 'residente@demo.mx'].map(idOf));
  [admin, owner, resident] = await Promise.all(['admin@demo.mx', 'propietario@demo.mx', 'residente@demo.mx'].map((e) => t.signIn(e)));
}, 120_000);
afterAll(() => t.close());

const feedOf = (userId: number) => `/neighborhoods/${n}/users/${userId}/feed`;

async function publish(token: string, userId: number, fields: Record<string, string | Blob>) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const r = await t.app.fetch(
    new Request(`${BASE}/api/1.0${feedOf(userId)}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': '10.0.0.9' },
      body: form,
    }),
  );
  return { status: r.status, body: (await r.json()) as any };
}

describe('/api/1.0 feed', () => {
  it('answers the demo’s lived-in feed: a poll with votes, comments, an owners-only call', async () => {
    const mine = await t.rest('GET', feedOf(ownerId), undefined, { token: owner });
    expect(mine.status).toBe(200);
    const poll = mine.body.content.find((p: any) => p.type === 'POLL');
    expect(poll.votes).toBeGreaterThanOrEqual(9);
    expect(poll.options.reduce((s: number, o: any) => s + o.percentage, 0)).toBeCloseTo(100, 1);
    expect(poll.comments).toBeGreaterThanOrEqual(2);
    expect(mine.body.content.some((p: any) => p.privacy === 'OWNERS')).toBe(true);
    const theirs = await t.rest('GET', feedOf(residentId), undefined, { token: resident });
    expect(theirs.body.content.some((p: any) => p.privacy === 'OWNERS')).toBe(false);
    // Another person's feed path is not the viewer's.
    expect((await t.rest('GET', feedOf(ownerId), undefined, { token: resident })).status).toBe(403);
  });

  it('publishes a poll from the multipart form with a file, votes, comments and shows who saw it', async () => {
    const made = await publish(admin, adminId, {
      type: 'POLL',
      content: '¿Cambiamos la fecha de la posada?',
      privacy: 'NEIGHBORS',
      expiration: addDays(todayIn('America/Mexico_City'), 7),
      'options[0]': 'Sí',
      'options[1]': 'No',
      sendEmail: 'false',
      'attachments[0]': new File([PNG], 'cartel.png', { type: 'image/png' }),
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({ message: 'La publicación ha sido creada', type: 'POLL', options: [{ option: 'Sí' }, { option: 'No' }] });
    expect(made.body.attachments).toMatchObject([{ name: 'cartel.png', content_type: 'image/png' }]);
    // The resident reads the attachment because it reads the post.
    const file = await t.app.fetch(new Request(`${BASE}${made.body.attachments[0].url}`, { headers: { authorization: `Bearer ${resident}` } }));
    expect(file.status).toBe(200);

    const voted = await t.rest('POST', `${feedOf(residentId)}/${made.body.id}/votes/${made.body.options[1].id}`, undefined, { token: resident });
    expect(voted.body).toMatchObject({ message: 'Tu voto fue completado !Gracias por participar!', votes: 1, my_vote: made.body.options[1].id });
    expect((await t.rest('POST', `${feedOf(residentId)}/${made.body.id}/votes/${made.body.options[0].id}`, undefined, { token: resident })).status).toBe(409);

    const comment = await t.rest('POST', `${feedOf(residentId)}/${made.body.id}/comments`, { comment: 'Mejor la semana siguiente' }, { token: resident });
    expect(comment).toMatchObject({
      status: 201,
      body: { message: 'El comentario ha sido agregado', comment: 'Mejor la semana siguiente', id_post: made.body.id },
    });
    const list = await t.rest('GET', `${feedOf(residentId)}/${made.body.id}/comments`, undefined, { token: resident });
    expect(list.body).toMatchObject({ total: 1, content: [{ comment: 'Mejor la semana siguiente' }] });
    expect((await t.rest('DELETE', `${feedOf(residentId)}/comments/${comment.body.id}`, undefined, { token: resident })).body.message).toBe(
      'El comentario ha sido eliminado',
    );

    await t.rest('GET', feedOf(residentId), undefined, { token: resident });
    const views = await t.rest('GET', `${feedOf(adminId)}/${made.body.id}/views`, undefined, { token: admin });
    expect(views.body.content.map((v: any) => v.id_user)).toContain(residentId);
    expect((await t.rest('GET', `${feedOf(residentId)}/${made.body.id}/views`, undefined, { token: resident })).status).toBe(403);

    const newer = await t.rest('GET', `${feedOf(ownerId)}?last_id=${made.body.id - 1}`, undefined, { token: owner });
    expect(newer.body.content.map((p: any) => p.id)).toEqual([made.body.id]);
    const deleted = await t.rest('DELETE', `${feedOf(adminId)}/${made.body.id}`, undefined, { token: admin });
    expect(deleted.body).toEqual({ id: made.body.id, message: 'La publicación ha sido eliminada' });
  });

  it('refuses bad input in Spanish', async () => {
    expect((await publish(admin, adminId, { type: 'VIDEO', content: 'x' })).body).toMatchObject({ description: 'Elige si es una publicación o una encuesta' });
    expect((await publish(admin, adminId, { content: 'Mira', video_url: 'https://example.com/v/1' })).body).toMatchObject({
      description: 'Solo se pueden insertar videos de YouTube o Vimeo',
    });
    const video = await publish(admin, adminId, { content: 'El recorrido de la obra', video_url: 'https://youtu.be/dQw4w9WgXcQ' });
    expect(video.body.video_url).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect((await publish(owner, ownerId, { content: 'x', 'attachments[0]': new File([Buffer.from('MZ fake exe')], 'virus.pdf') })).body).toMatchObject({
      description: 'virus.pdf: el archivo debe ser PDF, PNG, JPG o WEBP',
    });
    const closed = (await publish(admin, adminId, { content: 'Aviso', comments_enabled: 'false' })).body;
    expect((await t.rest('POST', `${feedOf(ownerId)}/${closed.id}/comments`, { comment: 'Hola' }, { token: owner })).body).toMatchObject({
      description: 'Los comentarios están desactivados en esta publicación',
    });
  });
});
