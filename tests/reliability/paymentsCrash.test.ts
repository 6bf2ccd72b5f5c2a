// Never charge twice, never lose a payment: a real server process takes 1,000 sandbox card payments, is
// killed with SIGKILL in the middle, restarts, the clients retry, the open charges are verified and every
// webhook is delivered again. Afterwards every receipt is paid once: one gateway charge, one deposit and
// one payment in the ledger. PostgreSQL only: the test reads the database while the server runs, which
// the embedded PGlite (one process owns its files) does not allow.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_GATEWAY_KEYS } from '../../server/domains/community/neighborhoods/demoSeed.js';
import { webhookCredentials } from '../../server/infra/gateway/openpay.js';

const PAYMENTS = 1000;
const KILL_AFTER = 350;
const CONCURRENCY = 12;
const adminUrl = process.env.DATABASE_URL;
const M = DEMO_GATEWAY_KEYS.accountId;
const basic = (user: string, password = '') => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
const gid = (type: string, id: number) => Buffer.from(`${type}:${id}`).toString('base64');

let child: ChildProcess | null = null;
let db: pg.Client | null = null;
let dbName = '';

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

async function startServer(env: Record<string, string>): Promise<ChildProcess> {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 180_000);
    proc.stdout!.on('data', (chunk) => {
      output += chunk;
      if (output.includes('Comunidad en http://')) {
        clearTimeout(timer);
        resolve();
      }
    });
    proc.stderr!.on('data', (chunk) => (output += chunk));
    proc.on('exit', (code) => reject(new Error(`server exited (${code}):\n${output}`)));
  });
  proc.removeAllListeners('exit');
  return proc;
}

afterAll(async () => {
  child?.kill('SIGKILL');
  await db?.end();
  if (adminUrl && dbName) {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
    await admin.end();
  }
});

describe.skipIf(!adminUrl)('payments survive a crash', () => {
  it(`${PAYMENTS} card payments, SIGKILL after ${KILL_AFTER}, restart, retries and replayed webhooks: every receipt paid exactly once`, async () => {
    dbName = `crash_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${dbName}"`);
    await admin.end();
    const url = new URL(adminUrl!);
    url.pathname = `/${dbName}`;
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = {
      DATABASE_URL: url.toString(),
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED: 'demo',
      NODE_ENV: 'development',
      SECRETS_KEY: 'crash-test-secrets-key-0123456789abcdef',
      JOBS_POLL_MS: '200',
      CHARGE_RECOVERY_DELAY_MS: '5000',
      REDIS_URL: '',
    };
    child = await startServer(env);
    db = new pg.Client({ connectionString: url.toString() });
    await db.connect();

    // 1,000 pending receipts spread over the demo community's active houses.
    const { rows: community } = await db.query(`SELECT id FROM "Neighborhood" WHERE domain = 'los_olivos'`);
    const n = community[0].id as number;
    const { rows: houses } = await db.query(`SELECT id FROM "House" WHERE "neighborhoodId" = $1 AND status = 'ACTIVE' ORDER BY id`, [n]);
    const { rows: wallet } = await db.query(`SELECT id FROM "Wallet" WHERE "neighborhoodId" = $1 AND type = 'EXTRAORDINARY' LIMIT 1`, [n]);
    const { rows: concept } = await db.query(`SELECT id FROM "IncomeConcept" WHERE "neighborhoodId" = $1 LIMIT 1`, [n]);
    const { rows: created } = await db.query(
      `INSERT INTO "Receipt" ("neighborhoodId", "houseId", "incomeConceptId", "walletId", description, year, month, "dueDate", "sourceAmount", amount, "updatedAt")
       SELECT $1, (ARRAY[${houses.map((h) => h.id).join(',')}])[1 + (i % ${houses.length})], $2, $3, 'Cuota de prueba ' || i, 2031, 1, '2031-01-31', 500 + i, 500 + i, now()
       FROM generate_series(1, ${PAYMENTS}) AS i RETURNING id`,
      [n, concept[0].id, wallet[0].id],
    );
    const receiptIds = created.map((r) => r.id as number);

    const post = async (path: string, body: unknown, headers: Record<string, string>) => {
      const response = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as any };
    };
    const signIn = async () => {
      const { body } = await post(
        '/graphql',
        {
          query: `mutation { signIn(input: { email: "admin@demo.mx", password: "demo1234", apiToken: true }) { ... on MutationSignInSuccess { data { token } } } }`,
        },
        {},
      );
      return body.data.signIn.data.token as string;
    };
    let token = await signIn();
    const CHARGE = `mutation($input: ChargeReceiptInput!) { chargeReceipt(input: $input) { __typename
      ... on MutationChargeReceiptSuccess { data { charge { status } } } ... on Error { code message } } }`;

    const attempts = new Map<number, number>();
    const outcomes = new Map<string, number>();
    /** One client paying one receipt: tokenize, charge with its idempotency key; a 409 "still processing" after a crash gets a new key. */
    async function pay(receiptId: number): Promise<'done' | 'retry'> {
      try {
        const t = await post(
          `/sandbox/openpay/v1/${M}/tokens`,
          { card_number: '4111111111111111', holder_name: 'Prueba', expiration_year: '30', expiration_month: '12', cvv2: '123' },
          { authorization: basic(DEMO_GATEWAY_KEYS.publicKey) },
        );
        const attempt = attempts.get(receiptId) ?? 0;
        const { body } = await post(
          '/graphql',
          {
            query: CHARGE,
            variables: {
              input: {
                receiptId: gid('Receipt', receiptId),
                method: 'CARD',
                cardToken: t.body.id,
                acceptTos: true,
                idempotencyKey: `crash-${receiptId}-${attempt}`,
              },
            },
          },
          { authorization: `Bearer ${token}` },
        );
        const result = body.data?.chargeReceipt;
        const outcome = result
          ? `${result.__typename}${result.code ? ` ${result.code} ${result.message}` : ` ${result.data?.charge?.status}`}`
          : JSON.stringify(body).slice(0, 200);
        outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
        if (result?.__typename === 'ConflictError' && result.code === 409) {
          attempts.set(receiptId, attempt + 1);
          return 'retry';
        }
        return result?.__typename === 'MutationChargeReceiptSuccess' ? 'done' : 'retry';
      } catch {
        return 'retry';
      }
    }

    async function run(ids: number[], killAfter: number | null): Promise<number[]> {
      const queue = [...ids];
      const retry: number[] = [];
      let done = 0;
      let killed = false;
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (queue.length) {
            const id = queue.shift()!;
            if ((await pay(id)) === 'retry') retry.push(id);
            else done++;
            if (killAfter !== null && !killed && done >= killAfter) {
              killed = true;
              child!.kill('SIGKILL');
            }
          }
        }),
      );
      return retry;
    }

    const left = await run(receiptIds, KILL_AFTER);
    expect(left.length).toBeGreaterThan(0);
    if (child!.exitCode === null && child!.signalCode === null) await new Promise((resolve) => child!.once('exit', resolve));
    console.log('before the crash', Object.fromEntries(outcomes));

    child = await startServer(env);
    token = await signIn();
    let pending = left;
    for (let round = 0; round < 5 && pending.length; round++) pending = await run(pending, null);
    console.log('after the restart', Object.fromEntries(outcomes));
    expect(pending).toEqual([]);

    // The open charges (answers lost in the crash) are verified, as the pay screen does on return.
    const { rows: open } = await db.query(`SELECT DISTINCT "receiptId" FROM "Charge" WHERE status = 'IN_PROGRESS' AND "receiptId" = ANY($1)`, [receiptIds]);
    for (const { receiptId } of open) {
      await post(
        '/graphql',
        {
          query: `mutation($input: VerifyReceiptChargeInput!) { verifyReceiptCharge(input: $input) { __typename } }`,
          variables: { input: { receiptId: gid('Receipt', receiptId) } },
        },
        { authorization: `Bearer ${token}` },
      );
    }
    // Charges that never reached the gateway (the crash came between opening and sending) are dropped by
    // the recovery job once the recovery delay has passed; their receipts are then paid again.
    for (let waited = 0; waited < 60_000; waited += 1000) {
      const { rows } = await db.query(`SELECT count(*)::int AS n FROM "Charge" WHERE status = 'IN_PROGRESS' AND "receiptId" = ANY($1)`, [receiptIds]);
      if (rows[0].n === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    const { rows: unpaid } = await db.query(`SELECT id FROM "Receipt" WHERE id = ANY($1) AND status <> 'PAID'`, [receiptIds]);
    for (const { id } of unpaid) attempts.set(id, (attempts.get(id) ?? 0) + 1);
    pending = unpaid.map((r) => r.id);
    for (let round = 0; round < 5 && pending.length; round++) pending = await run(pending, null);

    // Every webhook the gateway sent is delivered again.
    const { user, password } = webhookCredentials({ merchantId: M, privateKey: DEMO_GATEWAY_KEYS.privateKey });
    const { rows: events } = await db.query(`SELECT payload FROM "GatewayEvent" WHERE "neighborhoodId" = $1`, [n]);
    for (const e of events) {
      const again = await post(`/webhooks/openpay/${n}`, e.payload, { authorization: basic(user, password) });
      expect(again.status).toBe(200);
    }

    const { rows: check } = await db.query(
      `SELECT r.id, r.status,
         (SELECT count(*) FROM "LedgerEntry" l WHERE l."receiptId" = r.id AND l.kind = 'DEPOSIT')::int AS deposits,
         (SELECT count(*) FROM "LedgerEntry" l WHERE l."receiptId" = r.id AND l.kind = 'RECEIPT_PAID')::int AS payments,
         (SELECT count(*) FROM "Charge" c WHERE c."receiptId" = r.id AND c.status = 'COMPLETED')::int AS completed,
         (SELECT count(*) FROM "SandboxGatewayObject" s JOIN "Charge" c ON s."orderId" IN (c.id::text, c.id::text || '-3ds')
            WHERE c."receiptId" = r.id AND s.kind = 'charge' AND s.data->>'status' = 'completed')::int AS gateway
       FROM "Receipt" r WHERE r.id = ANY($1)`,
      [receiptIds],
    );
    const wrong = check.filter((r) => r.status !== 'PAID' || r.deposits !== 1 || r.payments !== 1 || r.completed !== 1 || r.gateway !== 1);
    expect(wrong).toEqual([]);
    expect(check).toHaveLength(PAYMENTS);
    console.log(
      `crash test: ${PAYMENTS} payments, killed after ${KILL_AFTER}, ${left.length} retried after restart, ${open.length} verified, ${unpaid.length} paid again, ${events.length} webhooks replayed`,
    );
  }, 900_000);
});
