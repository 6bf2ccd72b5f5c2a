import type { DemoSeedContext } from '../../../db/demoConfiguration.js';
import { invite, sendMessage } from './service.js';

/**
 * The demo's conversations, written through the chat service by its people: Patricia (propietario@demo.mx) talks with
 * the administration and with the resident of her house, and has their latest messages unread; a neighbour's
 * invitation waits for her answer; and her own invitation to another neighbour is still pending.
 */
export async function seedChats(demo: DemoSeedContext): Promise<void> {
  const { prisma, actAs, neighborhoodId } = demo;
  if (await prisma.chat.count()) return;
  const neighbours = await prisma.membership.findMany({
    where: { neighborhoodId, active: true, role: { kind: 'OWNER' }, user: { email: { startsWith: 'vecino' } } },
    orderBy: { houseId: 'asc' },
    take: 2,
    select: { houseId: true, userId: true, user: { select: { email: true } } },
  });
  if (neighbours.length < 2) return;
  const userId = async (email: string) => (await prisma.user.findUniqueOrThrow({ where: { email }, select: { id: true } })).id;
  const patricia = await actAs('propietario@demo.mx');
  const admin = await actAs('admin@demo.mx');
  const resident = await actAs('residente@demo.mx');
  const neighbour = await actAs(neighbours[0].user.email, neighbours[0].houseId!);
  const patriciaId = await userId('propietario@demo.mx');

  const withAdmin = (await invite(admin, patriciaId)).chat.identifier;
  await sendMessage(admin, withAdmin, {
    text: 'Buen día, Patricia. ¿Nos confirma si el sábado puede recibir al técnico del portón? Necesita revisar el motor desde su cochera.',
  });
  await sendMessage(patricia, withAdmin, { text: 'Claro, estaré en casa toda la mañana. ¿A qué hora llegaría?' });
  await sendMessage(admin, withAdmin, { text: 'Entre las 10:00 y las 11:00. Le avisaremos desde la caseta cuando llegue.' });

  const withResident = (await invite(resident, patriciaId)).chat.identifier;
  await sendMessage(resident, withResident, { text: 'Hola, Patricia. Ya quedó pagado el recibo de noviembre desde la app.' });
  await sendMessage(patricia, withResident, { text: '¡Gracias! Lo veo reflejado.' });
  await sendMessage(resident, withResident, { text: 'Otra cosa: el jardinero viene el jueves, ¿le abro la bodega?' });
  await sendMessage(resident, withResident, { text: 'Necesita la podadora que está guardada ahí.' });

  const invitation = (await invite(neighbour, patriciaId)).chat.identifier;
  await sendMessage(neighbour, invitation, {
    text: 'Hola, somos sus vecinos de la casa de junto. ¿Podemos ponernos de acuerdo para el árbol que da a las dos cocheras?',
  });

  await invite(patricia, neighbours[1].userId);
}
