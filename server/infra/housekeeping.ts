// Daily housekeeping through the jobs mechanism: rows that only matter for a while are purged —
// idempotency keys after a week (a client retries within minutes), sign-in attempts after a month
// (the longest rate-limit window is a day), finished jobs after a month.
import { defineDailyJob } from './jobs.js';

const DAY_MS = 86_400_000;

defineDailyJob('housekeeping.purge', async (ctx) => {
  const now = Date.now();
  await ctx.prisma.idempotencyKey.deleteMany({ where: { createdAt: { lt: new Date(now - 7 * DAY_MS) } } });
  await ctx.prisma.signInAttempt.deleteMany({ where: { attemptedAt: { lt: new Date(now - 30 * DAY_MS) } } });
  await ctx.prisma.job.deleteMany({ where: { doneAt: { lt: new Date(now - 30 * DAY_MS) } } });
});
