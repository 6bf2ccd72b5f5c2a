// The one jobs mechanism of the app (DESIGN.md section 3b): background and scheduled work is a row of
// the Job table, claimed with FOR UPDATE SKIP LOCKED so any number of instances share the queue without
// running a job twice at once. Domains register handlers with defineJob (at import) and daily work with
// defineDailyJob; each instance polls, and a daily job is scheduled once per day for the whole
// deployment (its uniqueKey names the day). A failed job is retried with a growing wait, up to MAX_ATTEMPTS.
// Queueing a job notifies JOBS_CHANNEL at commit, so an instance starts it at once (LISTEN on PostgreSQL,
// PGlite's in-process listener); the poll is the fallback. A claimed job carries a lease, renewed while it
// runs: if its instance dies, another claims it once the lease ends. The claim's attempt number is its
// token: an instance whose job was taken over cannot finish or reschedule it.
import type { Config } from '../config.js';
import { todayIn } from '../../core/receipts.js';
import type { Database } from '../db/client.js';
import { systemContext, type ServiceContext, type Tx } from '../kernel/context.js';
import type { createAppPubSub } from './pubsub.js';

export type JobHandler = (ctx: ServiceContext, payload: unknown) => Promise<void>;

const handlers = new Map<string, JobHandler>();
const daily = new Set<string>();

export const MAX_ATTEMPTS = 5;
/** A claimed job not finished within this time (its instance died) is claimed again. */
export const DEFAULT_LEASE_MS = 10 * 60_000;
export const JOBS_CHANNEL = 'comunidad_jobs';
const NOW = `(now() AT TIME ZONE 'UTC')`;
/** The day daily jobs are keyed by: the platform's default time zone (each job handles each community's own). */
const SCHEDULE_TIME_ZONE = 'America/Mexico_City';

/** Registers what runs for jobs of `kind`. */
export function defineJob(kind: string, handler: JobHandler) {
  handlers.set(kind, handler);
}

/** Every registered kind (the tests run each one). */
export function registeredJobKinds(): string[] {
  return [...handlers.keys()].sort();
}

/** Registers work that runs once a day (scheduled by whichever instance polls first that day). */
export function defineDailyJob(kind: string, handler: JobHandler) {
  defineJob(kind, handler);
  daily.add(kind);
}

/**
 * Queues a job (inside the caller's write transaction, so it exists only if the write commits). With a
 * uniqueKey, queueing the same key again does nothing.
 */
export async function enqueueJob(tx: Pick<Tx, '$executeRaw'>, job: { kind: string; payload?: unknown; runAt?: Date; uniqueKey?: string }) {
  const payload = job.payload === undefined ? null : JSON.stringify(job.payload);
  const runAt = (job.runAt ?? new Date()).toISOString();
  // One statement: the row, and the wake-up of every instance's runner (delivered when the caller commits).
  await tx.$executeRaw`WITH queued AS (
      INSERT INTO "Job" (kind, payload, "uniqueKey", "runAt")
      VALUES (${job.kind}, ${payload}::jsonb, ${job.uniqueKey ?? null}, (${runAt}::timestamptz AT TIME ZONE 'UTC'))
      ON CONFLICT ("uniqueKey") DO NOTHING RETURNING 1)
    SELECT pg_notify(${JOBS_CHANNEL}, '') FROM queued`;
}

export interface JobRunner {
  /** Schedules today's daily jobs and runs every due job now; answers how many ran. */
  runDue(): Promise<number>;
  stop(): Promise<void>;
}

type Deps = { db: Database; pubsub: ReturnType<typeof createAppPubSub>['pubsub']; config: Config };

/**
 * Starts the runner: it polls every `pollMs` and runs queued jobs as soon as they are notified. With 0 it
 * neither polls nor listens (most tests call runDue).
 */
export function startJobs(deps: Deps, options: { pollMs: number; leaseMs?: number }): JobRunner {
  const { db } = deps;
  const leaseMs = Math.max(1000, options.leaseMs ?? DEFAULT_LEASE_MS);
  const lease = `make_interval(secs => ${Math.round(leaseMs / 1000)})`;
  let stopped = false;
  let running: Promise<number> | null = null;
  // A wake-up while a pass runs asks for one more pass after it (what it queued may have been missed).
  let wokenWhileRunning = false;

  // The day this instance last queued the daily jobs: each poll after that costs nothing until tomorrow.
  let scheduledDay: string | null = null;
  async function scheduleDaily() {
    const today = todayIn(SCHEDULE_TIME_ZONE);
    if (scheduledDay === today) return;
    for (const kind of daily) await enqueueJob(db.prisma, { kind, uniqueKey: `${kind}:${today}`, payload: { day: today } });
    scheduledDay = today;
  }

  /** The next due job, claimed for one lease (one at a time, so no claimed job waits behind another while its lease runs out). */
  async function claim() {
    const [job] = await db.prisma.$queryRawUnsafe<{ id: bigint; kind: string; payload: unknown; attempts: number }[]>(
      `UPDATE "Job" SET "lockedUntil" = ${NOW} + ${lease}, attempts = attempts + 1
        WHERE id IN (SELECT id FROM "Job" WHERE "doneAt" IS NULL AND "runAt" <= ${NOW} AND attempts < ${MAX_ATTEMPTS}
                       AND ("lockedUntil" IS NULL OR "lockedUntil" < ${NOW})
                     ORDER BY "runAt", id LIMIT 1 FOR UPDATE SKIP LOCKED)
        RETURNING id, kind, payload, attempts`,
    );
    return job;
  }

  /** Renews the job's lease every third of it while it runs (a failed renewal is left to the next one). */
  function keepLease(job: { id: bigint; attempts: number }) {
    const timer = setInterval(() => {
      db.prisma
        .$executeRawUnsafe(`UPDATE "Job" SET "lockedUntil" = ${NOW} + ${lease} WHERE id = $1 AND attempts = $2 AND "doneAt" IS NULL`, job.id, job.attempts)
        .catch(() => undefined);
    }, leaseMs / 3);
    timer.unref();
    return () => clearInterval(timer);
  }

  async function runOne(job: { id: bigint; kind: string; payload: unknown; attempts: number }) {
    const handler = handlers.get(job.kind);
    const release = keepLease(job);
    try {
      if (!handler) throw new Error(`No handler for job kind ${job.kind}`);
      await handler(systemContext(deps), job.payload);
      release();
      await db.prisma.$executeRawUnsafe(
        `UPDATE "Job" SET "doneAt" = ${NOW}, "lockedUntil" = NULL, "lastError" = NULL WHERE id = $1 AND attempts = $2`,
        job.id,
        job.attempts,
      );
    } catch (error) {
      release();
      const message = `${(error as Error)?.message ?? String(error)}\n${(error as Error)?.stack ?? ''}`.slice(0, 2000);
      if (deps.config.env !== 'test') console.error(`Job ${job.id} (${job.kind}) failed:`, error);
      // Retry after 1, 4, 9, 16 minutes.
      await db.prisma.$executeRawUnsafe(
        `UPDATE "Job" SET "lockedUntil" = NULL, "lastError" = $2, "runAt" = ${NOW} + make_interval(mins => $3) WHERE id = $1 AND attempts = $4`,
        job.id,
        message,
        job.attempts * job.attempts,
        job.attempts,
      );
    }
  }

  async function pass(): Promise<number> {
    await scheduleDaily();
    let ran = 0;
    while (!stopped) {
      const job = await claim();
      if (!job) break;
      await runOne(job);
      ran++;
    }
    return ran;
  }

  function runDue(): Promise<number> {
    if (running) return running.then(() => runDue());
    running = pass().finally(() => {
      running = null;
      if (wokenWhileRunning) {
        wokenWhileRunning = false;
        wake();
      }
    });
    return running;
  }

  function wake() {
    if (stopped) return;
    if (running) {
      wokenWhileRunning = true;
      return;
    }
    runDue().catch((error) => console.error('Job poll failed:', error));
  }

  const live = options.pollMs > 0;
  const timer = live ? setInterval(wake, options.pollMs) : null;
  timer?.unref();
  // The first pass (today's daily jobs, what was queued while no instance ran) soon after the start.
  const firstPass = live ? setTimeout(wake, Math.min(1000, options.pollMs)) : null;
  firstPass?.unref();
  const unlisten = live
    ? db.listen(JOBS_CHANNEL, wake).catch((error) => {
        console.error(`Los trabajos en segundo plano no reciben avisos (se revisan cada ${options.pollMs} ms): ${error.message}`);
        return async () => {};
      })
    : null;

  return {
    runDue,
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      if (firstPass) clearTimeout(firstPass);
      await (await unlisten)?.();
      await running?.catch(() => 0);
    },
  };
}
