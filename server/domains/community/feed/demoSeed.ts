import type { DemoSeedContext } from '../../../db/demoConfiguration.js';
import { addDays } from '../../../../core/amenitySlots.js';
import { todayIn } from '../../../../core/receipts.js';
import { addComment, createPost, feed, vote } from './service.js';

/**
 * The demo community's feed, written through the app's services by its people: the administration's notices
 * (not mailed: a fresh demo starts with an empty outbox), an open poll on the pool's hours with the neighbours' votes, an owners-only call to
 * the assembly, a neighbour's post with comments, and the people who read them.
 */
export async function seedFeed(demo: DemoSeedContext): Promise<void> {
  const { prisma, actAs, neighborhoodId } = demo;
  if (await prisma.post.count({ where: { neighborhoodId } })) return;
  const n = await prisma.neighborhood.findUniqueOrThrow({ where: { id: neighborhoodId }, select: { timeZone: true } });
  const today = todayIn(n.timeZone);
  const owners = await prisma.membership.findMany({
    where: { neighborhoodId, active: true, role: { kind: 'OWNER' }, house: { status: 'ACTIVE' }, user: { email: { startsWith: 'vecino' } } },
    orderBy: { houseId: 'asc' },
    skip: 2,
    take: 8,
    select: { houseId: true, user: { select: { email: true } } },
  });
  if (owners.length < 8) return;
  const admin = await actAs('admin@demo.mx');
  const patricia = await actAs('propietario@demo.mx');
  const resident = await actAs('residente@demo.mx');
  const neighbours = await Promise.all(owners.map((o) => actAs(o.user.email, o.houseId!)));

  await createPost(admin, {
    text: 'Bienvenidos al muro de Residencial Los Olivos. Aquí publicaremos los avisos de la administración; también pueden compartir lo que sea útil para la comunidad.',
  });
  const poll = (
    await createPost(admin, {
      type: 'POLL',
      text: 'Horario de la alberca en temporada de calor: ¿cuál prefieren?',
      options: ['De 7:00 a 21:00', 'De 9:00 a 22:00', 'Sin cambios (de 9:00 a 20:00)'],
      expiresAt: addDays(today, 14),
    })
  ).post;
  const choices = [0, 1, 0, 0, 2, 1, 0, 1];
  for (const [i, who] of neighbours.entries()) await vote(who, poll.id, poll.options[choices[i]].id);
  await vote(patricia, poll.id, poll.options[1].id);
  await addComment(neighbours[0], poll.id, { text: 'Abrir a las 7 ayudaría a quienes nadan antes del trabajo.' });
  await addComment(patricia, poll.id, { text: 'Si se amplía el horario, que el salvavidas cubra todo el turno.' });

  await createPost(admin, {
    text: 'Asamblea ordinaria de propietarios el próximo sábado a las 10:00 en la Terraza. Orden del día: presupuesto 2027 y renovación del portón poniente. El acta anterior está en Archivos.',
    privacy: 'OWNERS',
  });
  const lost = (
    await createPost(neighbours[2], {
      text: 'Se encontró un perro labrador color miel cerca del parque de la calle Fresno. Está en mi casa; escríbanme si es suyo.',
    })
  ).post;
  await addComment(neighbours[5], lost.id, { text: 'Creo que es de la familia de la esquina con Nogal, les aviso.' });
  await addComment(neighbours[2], lost.id, { text: '¡Gracias! Ya lo recogieron sus dueños.' });
  await createPost(admin, {
    text: 'Mantenimiento de jardines: el martes y el miércoles se podarán los árboles de la avenida principal. Por favor no estacionen autos bajo los árboles esos días.',
    commentsEnabled: false,
  });
  // The neighbours and Patricia have read the feed.
  for (const who of [patricia, resident, ...neighbours.slice(0, 6)]) await feed(who, {});
}
