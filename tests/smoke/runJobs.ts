// Runs every registered job once on the built artifact (tests/smoke): started by the smoke suite with the
// copy as its working directory and the environment of its `npm start`, while the server is stopped (one
// process owns PGlite's files). It imports the compiled server from dist/, queues each kind with a
// realistic payload (tests/jobPayloads.ts), runs the queue and prints one JSON line: each kind's outcome.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { jobPayload } from '../jobPayloads.js';

const dist = (file: string) => pathToFileURL(path.resolve('dist/server', file)).href;
const { loadConfig } = await import(dist('config.js'));
const { buildApp } = await import(dist('app.js'));
const { enqueueJob, registeredJobKinds } = await import(dist('infra/jobs.js'));

// The runner of this instance stays off (JOBS_POLL_MS=0): the queue is run here, once, in the open.
const app = await buildApp(loadConfig({ ...process.env, NODE_ENV: 'production', JOBS_POLL_MS: '0' }));
const prisma = app.db.prisma;
const storeChargeId = process.argv[2];
try {
  const kinds: string[] = registeredJobKinds();
  const ids = new Map<string, bigint>();
  for (const kind of kinds) {
    const payload = await jobPayload(prisma, kind, async () => {
      if (!storeChargeId) throw new Error('No store charge was given to recover');
      return storeChargeId;
    });
    await enqueueJob(prisma, { kind, payload, uniqueKey: `smoke:${kind}` });
    ids.set(kind, (await prisma.job.findUniqueOrThrow({ where: { uniqueKey: `smoke:${kind}` } })).id);
  }
  await app.jobs.runDue();
  const outcome: Record<string, { done: boolean; attempts: number; lastError: string | null }> = {};
  for (const [kind, id] of ids) {
    const job = await prisma.job.findUniqueOrThrow({ where: { id } });
    outcome[kind] = { done: !!job.doneAt, attempts: job.attempts, lastError: job.lastError?.split('\n')[0] ?? null };
  }
  console.log(`JOBS ${JSON.stringify(outcome)}`);
} finally {
  await app.close();
}
