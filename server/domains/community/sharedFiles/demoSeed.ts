import type PDFKitDocument from 'pdfkit';
import type { DemoSeedContext } from '../../../db/demoConfiguration.js';
import type { FileAccess } from '../../../../core/sharedFiles.js';
import { storeFile } from '../../../infra/files/service.js';
import { onFirstUse } from '../../../infra/onFirstUse.js';
import { createSharedFile } from './service.js';

const PDFDocument = onFirstUse<typeof PDFKitDocument>('pdfkit');

/** A short letter-size PDF: a title and its paragraphs. */
async function pdf(title: string, paragraphs: string[]): Promise<Uint8Array<ArrayBuffer>> {
  const doc = new (PDFDocument())({ size: 'LETTER', margin: 60, info: { Title: title, Author: 'Residencial Los Olivos' }, lang: 'es-MX' });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font('Helvetica-Bold').fontSize(16).text(title);
  doc.moveDown();
  doc.font('Helvetica').fontSize(11);
  for (const p of paragraphs) doc.text(p, { align: 'justify' }).moveDown(0.6);
  doc.end();
  const bytes = await done;
  return new Uint8Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength)) as Uint8Array<ArrayBuffer>;
}

const FILES: { fileName: string; upload: string; tags: string[]; access: FileAccess; paragraphs: string[] }[] = [
  {
    fileName: 'Reglamento interno de Residencial Los Olivos',
    upload: 'reglamento-interno.pdf',
    tags: ['Reglamento', 'Convivencia'],
    access: 'NEIGHBORS',
    paragraphs: [
      'Artículo 1. Este reglamento rige la convivencia de quienes habitan Residencial Los Olivos y de sus visitas.',
      'Artículo 7. El horario de silencio es de 23:00 a 7:00 horas; las reuniones deben respetar este horario.',
      'Artículo 12. Los vehículos circulan a un máximo de 20 km/h y se estacionan solo en los cajones de cada propiedad.',
      'Artículo 18. Las mascotas pasean con correa y sus dueños recogen sus desechos en las áreas comunes.',
    ],
  },
  {
    fileName: 'Acta de la asamblea ordinaria de propietarios',
    upload: 'acta-asamblea-ordinaria.pdf',
    tags: ['Asamblea', 'Actas'],
    access: 'OWNERS',
    paragraphs: [
      'Con la asistencia del 68% de los propietarios, se aprobó el presupuesto anual y la cuota ordinaria de mantenimiento.',
      'Se acordó renovar la iluminación de la avenida principal y cambiar el portón de la caseta poniente.',
      'El comité de vigilancia presentará el avance de las obras en la siguiente asamblea.',
    ],
  },
  {
    fileName: 'Uso de la Terraza y el área de asadores',
    upload: 'uso-terraza.pdf',
    tags: ['Espacios comunes', 'Reglamento'],
    access: 'NEIGHBORS',
    paragraphs: [
      'La Terraza se reserva desde la aplicación; la reservación queda firme al pagar su cuota y el depósito.',
      'El depósito se devuelve tras revisar que el espacio quedó limpio y sin daños.',
    ],
  },
  {
    fileName: 'Contrato de vigilancia (borrador)',
    upload: 'contrato-vigilancia-borrador.pdf',
    tags: ['Contratos', 'Seguridad'],
    access: 'ONLY_ME',
    paragraphs: ['Borrador del contrato con la empresa de vigilancia para revisión del comité antes de presentarlo a la asamblea.'],
  },
];

/** The demo community's shared files: its regulations for everyone, the assembly minutes for owners, a draft the administration keeps. */
export async function seedSharedFiles(demo: DemoSeedContext): Promise<void> {
  const { prisma, actAs, neighborhoodId } = demo;
  if (await prisma.sharedFile.count({ where: { neighborhoodId } })) return;
  const admin = await actAs('admin@demo.mx');
  for (const f of FILES) {
    const stored = await storeFile(admin.db, admin.actor!, 'seed', { name: f.upload, type: 'application/pdf', bytes: await pdf(f.fileName, f.paragraphs) });
    await createSharedFile(admin, { fileName: f.fileName, tags: f.tags, access: f.access, storedFileId: stored.id });
  }
}
