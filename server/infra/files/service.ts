// Uploaded documents (official ids, accreditation files). The bytes live in StoredFile so every
// instance serves them; the legacy client's object-storage policy is replaced by POST /api/1.0/files.
import { fileAccessesFor } from '../../../core/sharedFiles.js';
import type { Database } from '../../db/client.js';
import type { Viewer } from '../../auth/viewer.js';
import type { ServiceContext } from '../../kernel/context.js';
import { communityOf } from '../../kernel/context.js';
import { InputError } from '../../kernel/errors.js';
import { isUuid } from '../../kernel/ids.js';
import { write } from '../../kernel/write.js';
import { fileTypeFromBuffer } from 'file-type';

/** Grants that see visitors' photos: security every one, the administration those it sees. */
const VISITOR_GATE = ['SecVisitorsRead', 'SecVisitorsCreate', 'SecVisitorsUpdate'];
const VISITOR_ADMIN = ['AVisitorsRead', 'AVisitorsCreate', 'AVisitorsUpdate'];
/** Grants that manage shared files (they read every access). */
const FILE_MANAGERS = ['AFilesCreate', 'AFilesUpdate', 'AFilesDelete'];
/** Grants that see every vehicle's circulation card (the administration's vehicle grants). */
const VEHICLE_ADMIN = ['AVehiclesRead', 'AVehiclesCreate', 'AVehiclesUpdate', 'AVehiclesDelete'];

export const MAX_FILE_BYTES = 10 * 1024 * 1024;
export const FILE_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  xml: 'application/xml',
};
/** Providers' CFDI XML: text, so its type comes from its start (after a BOM and blanks), never from the name. */
export const MAX_XML_BYTES = 1024 * 1024;
const XML_START = /^(\uFEFF)?[ \t\r\n]*<(\?xml[ \t\r\n]|[A-Za-z_][\w.-]*:Comprobante[ \t\r\n>])/;

export function fileTypeOf(name: string): string | null {
  const extension = name.toLowerCase().split('.').pop() ?? '';
  return FILE_TYPES[extension] ?? null;
}

/** What a file's bytes are: only PDF, PNG, JPG, WEBP and XML (up to 1 MB) are accepted, whatever the name says. */
export async function sniffFileType(bytes: Uint8Array): Promise<string | null> {
  if (bytes.length <= MAX_XML_BYTES && XML_START.test(new TextDecoder().decode(bytes.subarray(0, 256)))) return 'application/xml';
  const found = await fileTypeFromBuffer(bytes);
  return found && found.mime !== 'application/xml' && ACCEPTED_TYPES.has(found.mime) ? found.mime : null;
}
const ACCEPTED_TYPES = new Set(Object.values(FILE_TYPES));

/**
 * The id of a file to attach to a record. Only whoever uploaded it may attach it (an id seen in a
 * link must not let another person claim someone's upload); a file already attached to a record the
 * actor can read (a form sent back with its current file) may be kept. Anything else is refused.
 */
export async function claimFile(ctx: ServiceContext, fileId: string): Promise<string> {
  const missing = () => new InputError([{ field: 'file', message: 'El archivo no existe' }]);
  if (!isUuid(fileId) || !ctx.actor) throw missing();
  const file = await ctx.prisma.storedFile.findFirst({
    where: { id: fileId, neighborhoodId: communityOf(ctx) },
    select: { id: true, userId: true, _count: { select: { houses: true, memberships: true, taxInfos: true } } },
  });
  if (!file) throw missing();
  if (file.userId === ctx.actor.userId) return file.id;
  const attached = file._count.houses + file._count.memberships + file._count.taxInfos > 0;
  if (attached && (await readableFile(ctx.db, ctx.actor, file.id))) return file.id;
  throw missing();
}

export async function storeFile(db: Database, viewer: Viewer, ip: string, file: { name: string; type: string; bytes: Uint8Array<ArrayBuffer> }) {
  return write({ db, prisma: db.prisma, actor: viewer, ip }, {}, async ({ tx, audit }) => {
    const stored = await tx.storedFile.create({
      data: {
        neighborhoodId: viewer.neighborhoodId,
        userId: viewer.userId,
        name: file.name.slice(0, 200),
        contentType: file.type,
        size: file.bytes.length,
        data: file.bytes,
      },
      select: { id: true, name: true, size: true, contentType: true },
    });
    await audit({
      action: 'UPLOAD',
      entity: 'StoredFile',
      entityId: stored.id,
      data: { name: stored.name, size: stored.size, contentType: stored.contentType },
    });
    return stored;
  });
}

type FileReader = (db: Database, viewer: Viewer, fileId: string) => Promise<boolean>;
const fileReaders: FileReader[] = [];

/** A module's own rule for files it attaches (the feed's attachments): a file is readable when one of them says so. */
export function registerFileReader(reader: FileReader): void {
  fileReaders.push(reader);
}

/**
 * A file is readable in its community by whoever uploaded it, by administrators (any A grant that
 * reads houses or residents), by the people of the house it is attached to and, for the community's
 * logo, by everyone of the community.
 */
export async function readableFile(db: Database, viewer: Viewer, id: string) {
  if (!isUuid(id) || viewer.neighborhoodId == null) return null;
  const file = await db.prisma.storedFile.findFirst({
    where: { id, neighborhoodId: viewer.neighborhoodId },
    include: {
      houses: { select: { id: true } },
      memberships: { select: { houseId: true } },
      taxInfos: { select: { houseId: true } },
      visitorPhotos: { select: { houseId: true, origin: true, neighborhood: { select: { visitorAllowAdminSeeAll: true } } } },
      circulationCards: { select: { houseId: true } },
      sharedFiles: { select: { access: true } },
    },
  });
  if (!file) return null;
  // A shared file: whoever its access lets in (core/sharedFiles.ts; the administration of files reads every one), besides the rules below.
  if (file.sharedFiles.length > 0) {
    const readable = fileAccessesFor({ admin: FILE_MANAGERS.some((g) => viewer.grants.has(g)), owner: viewer.roleKind === 'OWNER' });
    if (file.sharedFiles.some((f) => readable.includes(f.access))) return file;
  }
  // A vehicle's circulation card: the administration's vehicle grants and the people of the vehicle's house (else the rules below).
  if (file.circulationCards.length > 0) {
    const ofMyHouse = viewer.houseId != null && file.circulationCards.some((v) => v.houseId === viewer.houseId);
    if (VEHICLE_ADMIN.some((g) => viewer.grants.has(g)) || ofMyHouse) return file;
  }
  // A visitor's photo: the gate (security) sees it; the administration as far as it sees the visitor
  // (visitor_allow_admin_see_all, else the ones it or security registered); the house's people their visitors'.
  if (file.visitorPhotos.length > 0) {
    if (VISITOR_GATE.some((g) => viewer.grants.has(g))) return file;
    const adminSees =
      VISITOR_ADMIN.some((g) => viewer.grants.has(g)) && file.visitorPhotos.some((v) => v.neighborhood.visitorAllowAdminSeeAll || v.origin !== 'HOUSE');
    const ofMyHouse = viewer.houseId != null && file.visitorPhotos.some((v) => v.houseId === viewer.houseId);
    return adminSees || ofMyHouse || file.userId === viewer.userId ? file : null;
  }
  const logo = await db.prisma.neighborhood.count({ where: { id: viewer.neighborhoodId, logoFileId: id } });
  if (logo > 0) return file;
  const admin = ['AHousesRead', 'AResidentsRead', 'ATaxRead', 'AReceiptsRead'].some((g) => viewer.grants.has(g));
  const ofMyHouse =
    viewer.houseId != null &&
    ([...file.houses.map((h) => h.id), ...file.memberships.map((m) => m.houseId), ...file.taxInfos.map((i) => i.houseId)].includes(viewer.houseId) ||
      // The attachment of one of the house's receipts (a manual payment request's proof).
      (await db.prisma.receipt.count({ where: { attachmentFileId: id, houseId: viewer.houseId } })) > 0);
  if (file.userId === viewer.userId || admin || ofMyHouse) return file;
  for (const reads of fileReaders) if (await reads(db, viewer, id)) return file;
  return null;
}
