// The audit log of the community (every write leaves a row: kernel/audit.ts), newest first. A large
// table (a million rows is ordinary), so it pages only by keyset: WHERE id < $after ORDER BY id DESC
// on the (neighborhoodId, id) index, one SQL statement per page and no total count. Read with the
// general configuration grant (CRead), the closest the catalogue has to "logs and settings".
import { formatPrismaCursor } from '@pothos/plugin-prisma';
import { sql } from 'kysely';
import type { KyselyDb } from '../../../db/client.js';
import { builder, grants, keysetConnection, keysetPage, MAX_PAGE_SIZE, type KeysetPage, parseBigIdCursor } from '../../../graphql/builder.js';
import { communityOf } from '../../../kernel/context.js';

interface AuditEntry {
  id: string;
  userId: number | null;
  action: string;
  entity: string;
  entityId: string | null;
  createdAt: Date;
}

const AuditLogEntry = builder.objectRef<AuditEntry>('AuditLogEntry').implement({
  description: 'One write recorded in the audit log: who, when, what and on which entity.',
  fields: (t) => ({
    databaseId: t.exposeString('id', { description: 'The row id (a 64-bit integer, as text)' }),
    userId: t.exposeInt('userId', { nullable: true, description: 'Database id of the person who wrote, if any' }),
    action: t.exposeString('action'),
    entity: t.exposeString('entity'),
    entityId: t.exposeString('entityId', { nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

/** One keyset page of a community's audit log, newest first (`limit` rows: one more than the page). */
export function auditLogPageQuery(k: KyselyDb, neighborhoodId: number, page: KeysetPage<string>) {
  return (
    k
      .selectFrom('AuditLog')
      .select([sql<string>`id::text`.as('id'), 'userId', 'action', 'entity', 'entityId', sql<Date>`"createdAt" AT TIME ZONE 'UTC'`.as('createdAt')])
      .where('neighborhoodId', '=', neighborhoodId)
      .$if(page.after != null, (qb) => qb.where('AuditLog.id', '<', page.after!))
      .$if(page.before != null, (qb) => qb.where('AuditLog.id', '>', page.before!))
      // Qualified: the bare name would be the text alias of the select list.
      .orderBy('AuditLog.id', page.backwards ? 'asc' : 'desc')
      .limit(page.limit)
  );
}

builder.queryField('auditLog', (t) =>
  t.connection({
    type: AuditLogEntry,
    description: 'The community audit log, newest first; pages by cursor only (after/first, before/last).',
    ...grants('CRead'),
    resolve: async (_root, args, ctx) => {
      const page = keysetPage(args, parseBigIdCursor, { defaultSize: 50, maxSize: MAX_PAGE_SIZE });
      const rows = await auditLogPageQuery(ctx.db.kysely, communityOf(ctx), page).execute();
      return keysetConnection(rows, page, (row) => formatPrismaCursor(row, 'id'));
    },
  }),
);
