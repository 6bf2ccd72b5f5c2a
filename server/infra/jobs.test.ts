// The jobs mechanism on the database the suite runs on (PGlite, or PostgreSQL with DATABASE_URL): every
// registered kind runs, a queued job starts within a second without waiting for the poll, and on
// PostgreSQL two instances run each job once and take over a job whose instance died after its lease.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../tests/testApp.js';
import { payingCommunity, type PayingCommunity } from '../../tests/payingCommunity.js';
import { buildApp, type App } from '../app.js';
import { runMonthlyGlobal } from '../domains/money/accounting/cfdis/jobs.js';
import { systemContext } from '../kernel/context.js';
import { jobPayload } from '../../tests/jobPayloads.js';
import { defineJob, enqueueJob, registeredJobKinds } from './jobs.js';

const onPostgres = !!process.env.DATABASE_URL;
/** Long enough that only a NOTIFY can start a job within the tests' waits. */
const SLOW_POLL_MS = '600000';

let c: PayingCommunity;
let t: TestApp;
beforeAll(async () => {
  c = await payingCommunity({ JOBS_POLL_MS: SLOW_POLL_MS });
  t = c.t;
});
afterAll(() => t.close());

const prisma = () => t.app.db.prisma;

async function waitFor<T>(what: string, probe: () => Promise<T | null | undefined | false>, timeoutMs = 5000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The job of `kind` once it is done. */
const doneJob = (kind: string, timeoutMs: number) =>
  waitFor(
    `${kind} to finish`,
    async () => {
      const row = await prisma().job.findFirstOrThrow({ where: { kind } });
      return row.doneAt ? row : null;
    },
    timeoutMs,
  );

async function queue(kind: string, payload: unknown, uniqueKey?: string): Promise<bigint> {
  await enqueueJob(prisma(), { kind, payload, uniqueKey });
  const row = await prisma().job.findFirstOrThrow({ where: { kind }, orderBy: { id: 'desc' } });
  return row.id;
}

/** A realistic payload for `kind` (tests/jobPayloads.ts); a store charge is made through chargeReceipt. */
const payloadFor = (kind: string) => jobPayload(prisma(), kind, async () => (await c.charge(await c.newReceipt(), { method: 'STORE' })).data.charge.chargeId);

describe('a store payment at the gateway', () => {
  it('reaches the owner’s open pay screen and the administrator’s dashboard within a second', async () => {
    const receiptId = await c.newReceipt();
    const store = await c.charge(receiptId, { method: 'STORE' });
    const charge = await prisma().charge.findUniqueOrThrow({ where: { id: store.data.charge.chargeId } });
    const arrivals: Record<string, number> = {};
    const watch = async (name: string, events: AsyncIterable<unknown>) => {
      for await (const _event of events) {
        arrivals[name] = Date.now();
        break;
      }
    };
    const paid = watch('pay screen', t.app.pubsub.subscribe('receipt:payment', receiptId));
    const dashboard = watch('dashboard', t.app.pubsub.subscribe('community:money', c.olivosId));
    await new Promise((r) => setTimeout(r, 50));
    const paidAt = Date.now();
    // Only the runner's own wake-up delivers the webhook (the poll is 10 minutes).
    await c.control(charge.gatewayId!, 'pay');
    await Promise.race([Promise.all([paid, dashboard]), new Promise((r) => setTimeout(r, 3000))]);
    expect(Object.keys(arrivals).sort()).toEqual(['dashboard', 'pay screen']);
    for (const at of Object.values(arrivals)) expect(at - paidAt).toBeLessThan(1000);
    expect((await prisma().receipt.findUniqueOrThrow({ where: { id: receiptId } })).status).toBe('PAID');
  });
});

describe('every registered job', () => {
  it('runs once to the end, started by its notification', async () => {
    const kinds = registeredJobKinds().filter((kind) => !kind.startsWith('test.'));
    expect(kinds).toEqual(
      expect.arrayContaining(['cfdis.globalMonthly', 'cfdis.invoiceReceipt', 'cfdis.zipByMail', 'housekeeping.purge', 'maintenances.daily']),
    );
    for (const kind of kinds) {
      const id = await queue(kind, await payloadFor(kind), `jobs-test:${kind}`);
      const job = await waitFor(
        `${kind} to finish`,
        async () => {
          const row = await prisma().job.findUniqueOrThrow({ where: { id } });
          return row.doneAt || row.lastError ? row : null;
        },
        30_000,
      );
      expect({ kind, lastError: job.lastError, attempts: job.attempts }).toEqual({ kind, lastError: null, attempts: 1 });
    }
    const exported = await prisma().accountingExport.findFirstOrThrow({ orderBy: { id: 'desc' } });
    expect(exported.status).toBe('PROCESSED');
    expect(await prisma().emailOutbox.count({ where: { subject: { startsWith: 'Facturas del 2026-01-01' } } })).toBe(1);
  });

  it('finds the communities that invoice and issues the past month’s global invoice on the first days (PGlite refused its query)', async () => {
    const ctx = systemContext(t.app);
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      await runMonthlyGlobal(ctx, new Date('2026-11-02T18:00:00Z'));
    } finally {
      console.error = original;
    }
    expect(errors).toEqual([]);
    // Every paid October receipt of a house without tax data is now in a stamped global invoice.
    const uninvoiced = await prisma().receipt.count({
      where: {
        neighborhoodId: c.olivosId,
        status: 'PAID',
        deletedAt: null,
        creditsWallet: false,
        amount: { gt: 0 },
        realPaymentDate: { gte: new Date('2026-10-01'), lt: new Date('2026-11-01') },
        house: { taxInfo: null },
        cfdiLinks: { none: { active: true } },
      },
    });
    expect(uninvoiced).toBe(0);
    expect(await prisma().cfdi.count({ where: { kind: 'GLOBAL', globalYear: 2026, globalMonth: 10, status: 'STAMPED' } })).toBeGreaterThan(0);
  });
});

describe('a queued job', () => {
  it('starts within a second of its commit, without waiting for the poll', async () => {
    const started: number[] = [];
    defineJob('test.prompt', async () => {
      started.push(Date.now());
    });
    for (let i = 0; i < 5; i++) {
      const queuedAt = Date.now();
      await queue('test.prompt', { i });
      await waitFor('the job to start', async () => started.length === i + 1, 2000);
      expect(started[i] - queuedAt).toBeLessThan(1000);
    }
  });
});

describe.runIf(onPostgres)('two instances on one PostgreSQL', () => {
  let second: App;
  beforeAll(async () => {
    second = await buildApp({ ...t.app.config, jobsPollMs: Number(SLOW_POLL_MS) });
  });
  afterAll(() => second?.close());

  it('run each job exactly once', async () => {
    const runs = new Map<number, number>();
    defineJob('test.once', async (_ctx, payload) => {
      const { n } = payload as { n: number };
      runs.set(n, (runs.get(n) ?? 0) + 1);
      await new Promise((r) => setTimeout(r, 5));
    });
    const N = 60;
    await Promise.all(Array.from({ length: N }, (_, n) => enqueueJob(n % 2 ? t.app.db.prisma : second.db.prisma, { kind: 'test.once', payload: { n } })));
    await waitFor('every job to run', async () => (await prisma().job.count({ where: { kind: 'test.once', doneAt: null } })) === 0, 15_000);
    expect(runs.size).toBe(N);
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
    const attempts = await prisma().job.findMany({ where: { kind: 'test.once' }, select: { attempts: true } });
    expect(attempts.every((a) => a.attempts === 1)).toBe(true);
  });

  it('take over a job whose instance died mid-run, once its lease ends, and run it once', async () => {
    // The first instance (lease 1 s) claims the job and "dies" inside it: its handler never returns and
    // its runner is gone. The second instance takes it over after the lease and runs it to the end.
    // In-process events: its Redis clients would outlive the test (it is never closed: its runner hangs).
    const doomed = await buildApp({ ...t.app.config, redisUrl: undefined, jobsPollMs: 0, jobsLeaseMs: 1000 });
    let calls = 0;
    let finished = 0;
    const callTimes: number[] = [];
    defineJob('test.lease', async () => {
      calls++;
      callTimes.push(Date.now());
      if (calls === 1) await new Promise(() => {}); // the instance dies here
      finished++;
    });
    // Due in a moment: the NOTIFY of the enqueue wakes the other instances (whose poll is slow) before the
    // job is due, so only the doomed instance, asked once it is due, claims it.
    const runAt = new Date(Date.now() + 1500);
    await enqueueJob(doomed.db.prisma, { kind: 'test.lease', payload: {}, runAt });
    await new Promise((r) => setTimeout(r, runAt.getTime() - Date.now() + 100));
    void doomed.jobs.runDue();
    await waitFor('the doomed instance to claim the job', async () => calls === 1, 5000);
    // Its runner waits on the hung job forever: only its database connections go.
    await doomed.db.close().catch(() => {});
    const survivor = await buildApp({ ...t.app.config, jobsPollMs: 200, jobsLeaseMs: 1000 });
    try {
      const job = await doneJob('test.lease', 10_000);
      expect({ finished, calls, attempts: job.attempts }).toEqual({ finished: 1, calls: 2, attempts: 2 });
      // Not before its lease ended.
      expect(callTimes[1] - callTimes[0]).toBeGreaterThanOrEqual(900);
    } finally {
      await survivor.close();
    }
  });

  it('keep a job that runs longer than its lease: its instance renews the lease, no other runs it', async () => {
    // Two instances polling every 200 ms with a lease of 1 s, and a job of 3 s.
    const [one, two] = await Promise.all([1, 2].map(() => buildApp({ ...t.app.config, jobsPollMs: 200, jobsLeaseMs: 1000 })));
    let calls = 0;
    defineJob('test.longer', async () => {
      calls++;
      await new Promise((r) => setTimeout(r, 3000));
    });
    try {
      // Due once its notification has passed, so the other instances of this file (10-minute leases) leave it alone.
      await enqueueJob(one.db.prisma, { kind: 'test.longer', payload: {}, runAt: new Date(Date.now() + 1500) });
      const job = await doneJob('test.longer', 10_000);
      expect({ calls, attempts: job.attempts }).toEqual({ calls: 1, attempts: 1 });
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
  });
});
