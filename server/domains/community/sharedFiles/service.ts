// Files the administration shares with the community (issue 32 item 5; spec 3 "Shared file"): the administration
// (AFilesCreate, AFilesUpdate, AFilesDelete) shares an upload with a name, tags and an access; the community's
// people list and download the ones their access lets them read (core/sharedFiles.ts fileAccessesFor).
import { type FileAccess, fileAccessesFor, SHARED_FILE_MESSAGES, SharedFileFields, type SharedFileInput } from '../../../../core/sharedFiles.js';
import { holdsAny } from '../../../auth/houseScope.js';
import type { Prisma as PrismaNS } from '../../../db/generated/client.js';
import { claimFile, FILE_TYPES, MAX_FILE_BYTES } from '../../../infra/files/service.js';
import { actorOf, communityOf, type ServiceContext } from '../../../kernel/context.js';
import { ForbiddenError, InputError, NotFoundError } from '../../../kernel/errors.js';
import { parseInput } from '../../../kernel/input.js';
import { lockRow } from '../../../kernel/locks.js';
import { write } from '../../../kernel/write.js';
import { likeLiteral } from '../../../kernel/textFilter.js';

export const FILE_CREATORS = ['AFilesCreate'] as const;
export const FILE_UPDATERS = ['AFilesUpdate'] as const;
export const FILE_DELETERS = ['AFilesDelete'] as const;
/** The administration of files: it reads every access. */
export const FILE_MANAGERS = [...FILE_CREATORS, ...FILE_UPDATERS, ...FILE_DELETERS] as const;

export const SHARED_FILE_VIEW = {
  storedFile: { select: { id: true, name: true, size: true, contentType: true } },
  createdBy: { select: { firstName: true, lastName: true } },
} as const satisfies PrismaNS.SharedFileInclude;
export type SharedFileRow = PrismaNS.SharedFileGetPayload<{ include: typeof SHARED_FILE_VIEW }>;

/** The accesses this actor reads: the administration every one, a house's owner NEIGHBORS and OWNERS, anyone else of the community NEIGHBORS. */
export function readableAccesses(ctx: Pick<ServiceContext, 'actor'>): FileAccess[] {
  if (!ctx.actor?.neighborhoodId) return [];
  return fileAccessesFor({ admin: holdsAny(ctx, FILE_MANAGERS), owner: ctx.actor.roleKind === 'OWNER' });
}

function visibleWhere(ctx: ServiceContext): PrismaNS.SharedFileWhereInput {
  return { neighborhoodId: communityOf(ctx), access: { in: readableAccesses(ctx) } };
}

export async function getSharedFile(ctx: ServiceContext, id: number): Promise<SharedFileRow> {
  const file = await ctx.prisma.sharedFile.findFirst({ where: { AND: [visibleWhere(ctx), { id }] }, include: SHARED_FILE_VIEW });
  if (!file) throw new NotFoundError('SHARED_FILE_NOT_FOUND');
  return file;
}

export interface SharedFileFilter {
  /** Part of the name or of a tag. */
  search?: string | null;
  tag?: string | null;
  access?: FileAccess | null;
}

/** A page of the files the actor reads, newest first. */
export async function listSharedFiles(
  ctx: ServiceContext,
  filter: SharedFileFilter,
  page: { limit: number; offset: number; after: number | null; before: number | null; backwards: boolean },
  withTotal: boolean,
): Promise<{ rows: SharedFileRow[]; total?: number }> {
  const search = filter.search?.trim();
  const where: PrismaNS.SharedFileWhereInput = {
    AND: [
      visibleWhere(ctx),
      search ? { OR: [{ fileName: { contains: likeLiteral(search), mode: 'insensitive' } }, { tags: { has: search } }] } : {},
      filter.tag?.trim() ? { tags: { has: filter.tag.trim() } } : {},
      filter.access ? { access: filter.access } : {},
    ],
  };
  const keyset = page.after !== null ? { id: { lt: page.after } } : page.before !== null ? { id: { gt: page.before } } : {};
  const [rows, total] = await Promise.all([
    ctx.prisma.sharedFile.findMany({
      where: { AND: [where, keyset] },
      orderBy: { id: page.backwards ? 'asc' : 'desc' },
      take: page.limit,
      skip: page.offset,
      include: SHARED_FILE_VIEW,
    }),
    withTotal ? ctx.prisma.sharedFile.count({ where }) : Promise.resolve(undefined),
  ]);
  return { rows, total };
}

/** An upload the actor may share: its own or one it reads, of the types the upload rules name (not XML). */
async function sharedUpload(ctx: ServiceContext, fileId: string): Promise<string> {
  const id = await claimFile(ctx, fileId);
  const { contentType } = await ctx.prisma.storedFile.findUniqueOrThrow({ where: { id }, select: { contentType: true } });
  if (!uploadConfig().contentTypes.includes(contentType))
    throw new InputError([{ field: 'storedFileId', message: 'El archivo debe ser PDF, PNG, JPG o WEBP' }]);
  return id;
}

export async function createSharedFile(ctx: ServiceContext, input: SharedFileInput, idempotencyKey?: string | null) {
  if (!holdsAny(ctx, FILE_CREATORS)) throw new ForbiddenError();
  const neighborhoodId = communityOf(ctx);
  const actor = actorOf(ctx);
  const data = parseInput(SharedFileFields, input);
  if (!data.storedFileId) throw new InputError([{ field: 'storedFileId', message: SHARED_FILE_MESSAGES.fileRequired }]);
  const storedFileId = await sharedUpload(ctx, data.storedFileId);
  const id = await write(ctx, { idempotencyKey, request: { operation: 'createSharedFile', input } }, async ({ tx, audit }) => {
    const row = await tx.sharedFile.create({
      data: { neighborhoodId, storedFileId, fileName: data.fileName, tags: data.tags, access: data.access, createdByUserId: actor.userId },
      select: { id: true },
    });
    await audit({ action: 'CREATE', entity: 'SharedFile', entityId: row.id, data: { fileName: data.fileName, access: data.access, tags: data.tags } });
    return row.id;
  });
  return { file: await ctx.prisma.sharedFile.findUniqueOrThrow({ where: { id }, include: SHARED_FILE_VIEW }), message: SHARED_FILE_MESSAGES.created };
}

/** Renames, retags or changes the access of a shared file; a new upload replaces its bytes. */
export async function updateSharedFile(ctx: ServiceContext, id: number, input: SharedFileInput, idempotencyKey?: string | null) {
  if (!holdsAny(ctx, FILE_UPDATERS)) throw new ForbiddenError();
  const neighborhoodId = communityOf(ctx);
  const current = await getSharedFile(ctx, id);
  const data = parseInput(SharedFileFields, input);
  const storedFileId = !data.storedFileId || data.storedFileId === current.storedFileId ? current.storedFileId : await sharedUpload(ctx, data.storedFileId);
  await write(ctx, { idempotencyKey, request: { operation: 'updateSharedFile', input: { id, input } } }, async ({ tx, audit }) => {
    if (!(await lockRow(tx, 'SharedFile', id, { neighborhoodId }))) throw new NotFoundError('SHARED_FILE_NOT_FOUND');
    await tx.sharedFile.update({ where: { id }, data: { fileName: data.fileName, tags: data.tags, access: data.access, storedFileId } });
    await audit({ action: 'UPDATE', entity: 'SharedFile', entityId: id, data: { fileName: data.fileName, access: data.access, tags: data.tags } });
  });
  return { file: await ctx.prisma.sharedFile.findUniqueOrThrow({ where: { id }, include: SHARED_FILE_VIEW }), message: SHARED_FILE_MESSAGES.updated };
}

export async function deleteSharedFile(ctx: ServiceContext, id: number, idempotencyKey?: string | null) {
  if (!holdsAny(ctx, FILE_DELETERS)) throw new ForbiddenError();
  const neighborhoodId = communityOf(ctx);
  const current = await getSharedFile(ctx, id);
  await write(ctx, { idempotencyKey, request: { operation: 'deleteSharedFile', input: { id } } }, async ({ tx, audit }) => {
    const { count } = await tx.sharedFile.deleteMany({ where: { id, neighborhoodId } });
    if (count === 0) throw new NotFoundError('SHARED_FILE_NOT_FOUND');
    await audit({ action: 'DELETE', entity: 'SharedFile', entityId: id, data: { fileName: current.fileName } });
  });
  return { id, message: SHARED_FILE_MESSAGES.deleted };
}

/** The upload rules a shared file follows (OPTIONS files/config): the app's own upload endpoint's size and types. */
export function uploadConfig() {
  // XML is the providers' CFDI upload, not a document to share.
  const extensions = Object.keys(FILE_TYPES).filter((e) => FILE_TYPES[e] !== 'application/xml');
  return {
    maxSize: MAX_FILE_BYTES,
    pattern: `\\.(${extensions.join('|')})$`,
    extensions,
    contentTypes: [...new Set(extensions.map((e) => FILE_TYPES[e]))],
  };
}
