// The lists npm run bench measures (issue 27) read a page in a fixed number of SQL statements, whatever its
// size: the page's rows, its per-row figures and its total are folded into one statement where they can be.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './testApp.js';
import { VIEWER_WRITE_QUIET_MS } from '../server/auth/viewer.js';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.signIn('admin@demo.mx');
  // Past the viewer cache's quiet time after any write to sessions or accounts (server/auth/viewer.ts): within
  // it the warm-up request below caches nothing, and each measured request would read the session again.
  await new Promise((resolve) => setTimeout(resolve, VIEWER_WRITE_QUIET_MS + 100));
});
afterAll(() => t.close());

/** Statements one request sends, measured right after a warm-up request (the session is then cached for 3 s). */
async function statementsOf(request: () => Promise<{ status: number; body: any }>) {
  await request();
  const before = t.app.db.statements();
  const { status, body } = await request();
  expect(status).toBe(200);
  expect(body.errors).toBeUndefined();
  return { count: t.app.db.statements() - before, body };
}

const gql =
  (query: string, variables: Record<string, unknown> = {}) =>
  () =>
    t.gql(query, variables, { token: admin });
const rest = (path: string) => () => t.rest('GET', path, undefined, { token: admin });

describe('statements per list page', () => {
  it('the feed: one statement for the page, its recording as seen, authors, options, counts and votes', async () => {
    const { count, body } = await statementsOf(
      gql(`{ feed { hasOlder posts { databaseId authorName totalVotes myVoteOptionId commentCount viewCount options { text share } } } }`),
    );
    expect(body.data.feed.posts.length).toBeGreaterThan(0);
    expect(count).toBe(1);
  });

  it('chats: one statement for the page with both people, unread counts, last messages and total; two for a page of messages', async () => {
    const { count, body } = await statementsOf(
      gql(
        `{ chats(first: 20) { totalCount chats { identifier title status unreadCount canDelete participants { name active } lastMessage { text senderName } } } }`,
      ),
    );
    expect(body.data.chats.totalCount).toBeGreaterThan(0);
    expect(count).toBe(1);
    const identifier = body.data.chats.chats[0].identifier;
    const messages = await statementsOf(rest(`/me/chats/${identifier}/messages`));
    expect(messages.body.content.length).toBeGreaterThan(0);
    expect(messages.count).toBe(2);
    // Sending a plain message, the hot path of every chat: one statement that locks, decides and writes.
    const sent = await statementsOf(() =>
      t.gql(
        `mutation($input: SendChatMessageInput!) { sendChatMessage(input: $input) { __typename } }`,
        { input: { identifier, text: 'Enterado' } },
        { token: admin },
      ),
    );
    expect(sent.body.data.sendChatMessage.__typename).toBe('MutationSendChatMessageSuccess');
    expect(sent.count).toBe(1);
  });

  it('vehicles: the page ids and total in one statement, their rows with house and appointment in another', async () => {
    const { count, body } = await statementsOf(
      gql(`{ vehicles(first: 20) { totalCount edges { node { databaseId plate houseLabel ownerName status icon appointment { code } } } } }`),
    );
    expect(body.data.vehicles.totalCount).toBeGreaterThan(0);
    expect(count).toBe(2);
  });

  it('agreements: one statement for the page, its houses, unpaid receipts and total', async () => {
    const { count, body } = await statementsOf(
      gql(`{ agreements(first: 20) { totalCount edges { node { id databaseId houseLabel debt pendingReceipts firstDueDate createdAt } } } }`),
    );
    expect(body.data.agreements.totalCount).toBeGreaterThan(0);
    expect(count).toBe(1);
  });

  it('invoices: one statement for the page, its receipts and houses, substitutions and total', async () => {
    const { count, body } = await statementsOf(
      gql(`{ cfdis(first: 20) { totalCount edges { node { id databaseId status total receiptDatabaseIds receiptHouses { houseDatabaseId }
        substitutedBy { serie } receiver { rfc } } } } }`),
    );
    expect(body.data.cfdis.edges.length).toBeGreaterThan(0);
    expect(count).toBe(1);
  });

  it('the legacy expense list: the page in one statement, the settings and approvers in another', async () => {
    const { count, body } = await statementsOf(rest('/neighborhoods/1/expenses?page_size=20'));
    expect(body.expenses.length).toBeGreaterThan(0);
    expect(body).toHaveProperty('required_approvals');
    expect(count).toBe(2);
  });

  it("a house's receipts with their actions: the wallet balances come with the page", async () => {
    const house = await t.app.db.prisma.house.findFirstOrThrow({ where: { neighborhoodId: 1, receipts: { some: {} } }, select: { id: true } });
    const withActions = await statementsOf(
      gql(`query($h: ID) { houseReceipts(houseId: $h, first: 20) { totalCount edges { node { databaseId amount actions { allowPayWithWallet } } } } }`, {
        h: Buffer.from(`House:${house.id}`).toString('base64'),
      }),
    );
    const without = await statementsOf(
      gql(`query($h: ID) { houseReceipts(houseId: $h, first: 20) { totalCount edges { node { databaseId amount } } } }`, {
        h: Buffer.from(`House:${house.id}`).toString('base64'),
      }),
    );
    expect(withActions.body.data.houseReceipts.edges.length).toBeGreaterThan(0);
    expect(withActions.count).toBe(without.count);
  });

  it('the session: the user, the community, the house and the accounts in one statement', async () => {
    const owner = await t.signIn('propietario@demo.mx');
    const { count, body } = await statementsOf(() => t.rest('GET', '/users/session', undefined, { token: owner }));
    expect(body.user.email).toBe('propietario@demo.mx');
    expect(body.neighborhood.id).toBe(1);
    expect(body.house.id).toBeGreaterThan(0);
    expect(body.accounts.length).toBeGreaterThan(0);
    expect(count).toBe(1);
  });

  it("a house's legacy receipts list: the house, the page, the balances and the invoices in one statement", async () => {
    const paid = await t.app.db.prisma.receipt.findFirstOrThrow({
      where: { neighborhoodId: 1, cfdiLinks: { some: { active: true, cfdi: { status: 'STAMPED' } } } },
      select: { houseId: true },
    });
    const { count, body } = await statementsOf(rest(`/neighborhoods/1/houses/${paid.houseId}/receipts?page_size=20`));
    expect(body.content.some((r: any) => r.documents.cfdi_xml && r.cfdi?.xml)).toBe(true);
    expect(count).toBe(1);
  });

  it("a house's receipts list still refuses a deleted house, and answers an empty page for a house without receipts", async () => {
    const withReceipts = await t.app.db.prisma.house.findFirstOrThrow({
      where: { neighborhoodId: 1, receipts: { some: {} } },
      select: { id: true, status: true },
    });
    const without = await t.app.db.prisma.house.findFirstOrThrow({
      where: { neighborhoodId: 1, status: { not: 'DELETED' }, receipts: { none: {} } },
      select: { id: true },
    });
    expect((await rest(`/neighborhoods/1/houses/${without.id}/receipts`)()).body.content).toEqual([]);
    expect((await rest('/neighborhoods/1/houses/999999/receipts')()).status).toBe(404);
    await t.app.db.prisma.house.update({ where: { id: withReceipts.id }, data: { status: 'DELETED' } });
    try {
      expect((await rest(`/neighborhoods/1/houses/${withReceipts.id}/receipts`)()).status).toBe(404);
    } finally {
      await t.app.db.prisma.house.update({ where: { id: withReceipts.id }, data: { status: withReceipts.status } });
    }
  });
});
