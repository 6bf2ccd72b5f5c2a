// npm run bench:fanout: live updates across instances. Builds the server (npm run build:server), creates a
// fresh PostgreSQL database (DATABASE_URL, else postgresql://postgres@127.0.0.1:5432/postgres) with the demo,
// starts two compiled instances in production mode on one Redis (REDIS_URL, else redis://127.0.0.1:6379),
// opens FANOUT_SOCKETS (5,000) graphql-ws sockets of one resident to instance A subscribed to sessionEvents,
// and changes the resident's profile on instance B FANOUT_ROUNDS (10) times. For every socket and round it
// times the event from just before the mutation is sent to the message's arrival, and prints delivered,
// p50/p95/p99/max and instance A's memory per connection: VmRSS and V8 heap after opening the sockets minus
// before, / N, each read after two full collections asked through A's inspector (127.0.0.1:9239).
// Exits 1 when an event is lost, and with FANOUT_STRICT=1 when p99 > 200 ms. FANOUT_EVENT=feed follows the feed
// instead: the sockets subscribe to feedChanged and each round the resident publishes a post on instance B.
//
// FANOUT_SESSION=other (the default: same) changes the profile from another session of the resident, so the
// event is not the sockets' own session's. FANOUT_PROFILE=1 runs instance A with --cpu-prof (written to
// FANOUT_PROFILE_DIR, else a temporary directory); FANOUT_HEAP_SNAPSHOT=file writes A's heap snapshot with
// the sockets open. FANOUT_SKIP_BUILD=1 runs dist/server as it is (copied to dist/fanout-server first).
// The client shares the machine with both servers: its per-message work is a timestamp and a counter.
//
// FANOUT_EVENT=chat measures chats (issue 33) instead: FANOUT_SOCKETS people (5,000) of the demo community, each
// with its own session and one socket subscribed to chatEvents, the even ones on instance A and the odd ones on B,
// in accepted conversations of pairs (2k, 2k+1) so every message crosses instances. Each round FANOUT_MESSAGES (100)
// people send their partner a message through their own instance, spaced over a second; every message is timed from
// just before its request to its arrival on the partner's socket (the event that updates the open chat and the
// unread counter), and A's memory per connection is per person.
import { createHash } from 'node:crypto';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createClient, type Client } from 'graphql-ws';
import pg from 'pg';
import WebSocket from 'ws';
import { loadConfig } from '../../server/config.js';
import { openDatabase } from '../../server/db/client.js';
import { seedDemo } from '../../server/db/seed.js';
import { startFlags } from '../startFlags.js';

const SOCKETS = Number(process.env.FANOUT_SOCKETS ?? 5_000);
const ROUNDS = Number(process.env.FANOUT_ROUNDS ?? 10);
const SPACING_MS = Number(process.env.FANOUT_SPACING_MS ?? 1_000);
const ROUND_TIMEOUT_MS = 30_000;
const OPEN_CONCURRENCY = 100;
const GOAL_P99_MS = 200;
const PORT_A = 3920;
const PORT_B = 3921;
const INSPECT_PORT = 9239;
const DATABASE_URL = process.env.DATABASE_URL || 'postgresql://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const COPY = 'dist/fanout-server';
const BUNDLE = `${COPY}/bundle.js`;
const SAME_SESSION = process.env.FANOUT_SESSION !== 'other';
const EMAIL = 'residente@demo.mx';
const PASSWORD = 'demo1234';
process.env.SECRETS_KEY ??= 'bench-secrets-key-0123456789abcdef0123456789';

/** FANOUT_EVENT=feed: the sockets follow the community's feed (feedChanged) and each round publishes a post (issue 32). */
const FEED = process.env.FANOUT_EVENT === 'feed';
const SUBSCRIPTION = FEED ? 'subscription { feedChanged { kind postDatabaseId } }' : 'subscription { sessionEvents { kind thisSession } }';
const MUTATION = FEED
  ? 'mutation ($input: CreatePostInput!) { createPost(input: $input) { __typename } }'
  : 'mutation ($input: UpdateMyBasicDataInput!) { updateMyBasicData(input: $input) { __typename } }';
const roundInput = (n: number) => (FEED ? { text: `Aviso de la ronda ${n}` } : { firstName: `Residente ${n}` });

/** FANOUT_EVENT=chat: people chatting in pairs across the two instances (runChats). */
const CHAT = process.env.FANOUT_EVENT === 'chat';
const MESSAGES_PER_ROUND = Number(process.env.FANOUT_MESSAGES ?? 100);
const chatToken = (i: number) => `fanout-chat-session-${i.toString().padStart(6, '0')}`;

/**
 * FANOUT_SOCKETS people in the demo community (residents of one house), each with a session whose token is
 * chatToken(i), and the accepted conversation of each pair (2k, 2k+1): rows as the app writes them.
 */
async function seedChatPeople(databaseUrl: string) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const {
      rows: [place],
    } = await db.query(`SELECT h."neighborhoodId", h.id AS "houseId", r.id AS "roleId" FROM "House" h
      JOIN "Neighborhood" n ON n.id = h."neighborhoodId" AND n.domain = 'los_olivos'
      JOIN "Role" r ON r."neighborhoodId" = n.id AND r.kind = 'RESIDENT' ORDER BY h.id LIMIT 1`);
    const { rows: users } = await db.query(
      `INSERT INTO "User" (email, "firstName", "lastName", "emailVerified", "updatedAt")
       SELECT 'persona' || g || '@fanout.mx', 'Persona', 'Número ' || g, true, now() FROM generate_series(0, $1 - 1) g
       RETURNING id, email`,
      [SOCKETS],
    );
    const byIndex = users.map((u) => ({ id: u.id as number, i: Number(/persona(\d+)@/.exec(u.email)![1]) })).sort((x, y) => x.i - y.i);
    const { rows: members } = await db.query(
      `INSERT INTO "Membership" ("neighborhoodId", "userId", "houseId", "roleId", active)
       SELECT $1, u, $2, $3, true FROM unnest($4::int[]) u RETURNING id, "userId"`,
      [place.neighborhoodId, place.houseId, place.roleId, byIndex.map((u) => u.id)],
    );
    const membershipOf = new Map(members.map((m) => [m.userId as number, m.id as number]));
    await db.query(
      `INSERT INTO "Session" (id, "tokenHash", "publicToken", "userId", "membershipId", "viaCookie", "expiresAt")
       SELECT gen_random_uuid(), t, 'pub-' || t, u, m, false, now() + interval '1 day' FROM unnest($1::text[], $2::int[], $3::int[]) AS x(t, u, m)`,
      [byIndex.map((u) => createHash('sha256').update(chatToken(u.i)).digest('hex')), byIndex.map((u) => u.id), byIndex.map((u) => membershipOf.get(u.id))],
    );
    const pairs = byIndex.filter((u) => u.i % 2 === 0).map((u) => [u.id, byIndex[u.i + 1].id]);
    const { rows: chats } = await db.query(
      `INSERT INTO "Chat" (identifier, "pairKey", "createdByUserId") SELECT gen_random_uuid(), a || ':' || b, a FROM unnest($1::int[], $2::int[]) AS x(a, b)
       RETURNING id, identifier::text, "createdByUserId"`,
      [pairs.map((p) => p[0]), pairs.map((p) => p[1])],
    );
    const partner = new Map(pairs.map(([a, b]) => [a, b]));
    await db.query(`INSERT INTO "ChatParticipant" ("chatId", "userId", active) SELECT c, u, true FROM unnest($1::int[], $2::int[]) AS x(c, u)`, [
      chats.flatMap((c) => [c.id, c.id]),
      chats.flatMap((c) => [c.createdByUserId, partner.get(c.createdByUserId)]),
    ]);
    const chatOf = new Map(chats.map((c) => [c.createdByUserId as number, c.identifier as string]));
    // Statistics of the bulk-loaded tables, as autovacuum would leave them before anyone chats (else its ANALYZE runs mid-measure).
    await db.query('VACUUM ANALYZE');
    // The conversation of person i, by index.
    return byIndex.map((u) => chatOf.get(u.i % 2 === 0 ? u.id : byIndex[u.i - 1].id)!);
  } finally {
    await db.end();
  }
}

function startServer(port: number, databaseUrl: string, { profileDir, inspectPort }: { profileDir?: string; inspectPort?: number } = {}): ChildProcess {
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: 'memory://',
    SEED: 'none',
    DATABASE_URL: databaseUrl,
    REDIS_URL,
  };
  const args = [
    ...startFlags(),
    ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []),
    ...(inspectPort ? [`--inspect=127.0.0.1:${inspectPort}`] : []),
    BUNDLE,
  ];
  return spawn(process.execPath, args, { env, stdio: ['ignore', 'ignore', 'inherit'] });
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

async function waitForServer(base: string) {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${base}/health`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`el servidor de ${base} no arrancó`);
}

function rssKb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
}

/** Instance A's memory after two full collections (through its inspector): VmRSS and the V8 heap in use, in kB. */
async function memoryKb(pid: number, snapshotFile?: string): Promise<{ rss: number; heap: number }> {
  const targets = (await (await fetch(`http://127.0.0.1:${INSPECT_PORT}/json/list`)).json()) as { webSocketDebuggerUrl: string }[];
  const inspector = new WebSocket(targets[0].webSocketDebuggerUrl);
  await new Promise((resolve, reject) => inspector.once('open', resolve).once('error', reject));
  let seq = 0;
  const call = (method: string, params?: object) =>
    new Promise<any>((resolve) => {
      const id = ++seq;
      const onMessage = (data: WebSocket.RawData) => {
        const message = JSON.parse(String(data));
        if (message.id !== id) return;
        inspector.off('message', onMessage);
        resolve(message.result);
      };
      inspector.on('message', onMessage);
      inspector.send(JSON.stringify({ id, method, params }));
    });
  await call('HeapProfiler.collectGarbage');
  await call('HeapProfiler.collectGarbage');
  const used = await call('Runtime.evaluate', { expression: 'process.memoryUsage().heapUsed', returnByValue: true });
  if (snapshotFile) {
    const chunks: string[] = [];
    const onChunk = (data: WebSocket.RawData) => {
      const message = JSON.parse(String(data));
      if (message.method === 'HeapProfiler.addHeapSnapshotChunk') chunks.push(message.params.chunk);
    };
    inspector.on('message', onChunk);
    await call('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
    inspector.off('message', onChunk);
    writeFileSync(snapshotFile, chunks.join(''));
  }
  inspector.close();
  return { rss: rssKb(pid), heap: Number(used.result.value) / 1024 };
}

async function login(base: string): Promise<string> {
  const response = await fetch(`${base}/api/1.0/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  });
  if (!response.ok) throw new Error(`no se pudo iniciar sesión en ${base}: ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}

function percentile(sorted: Float64Array, p: number) {
  if (!sorted.length) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function run(databaseUrl: string) {
  const profileDir = process.env.FANOUT_PROFILE === '1' ? (process.env.FANOUT_PROFILE_DIR ?? mkdtempSync(path.join(tmpdir(), 'fanout-prof-'))) : undefined;
  const a = startServer(PORT_A, databaseUrl, { profileDir, inspectPort: INSPECT_PORT });
  const b = startServer(PORT_B, databaseUrl);
  const baseA = `http://127.0.0.1:${PORT_A}`;
  const baseB = `http://127.0.0.1:${PORT_B}`;
  const clients: Client[] = [];
  try {
    await Promise.all([waitForServer(baseA), waitForServer(baseB)]);
    const socketToken = await login(baseA);
    const mutationToken = SAME_SESSION ? socketToken : await login(baseB);

    // Per socket: the round it last got an event in, and per round and socket the latency.
    const lastRound = new Int32Array(SOCKETS).fill(-1_000);
    const latencies = new Float64Array(ROUNDS * SOCKETS).fill(Number.NaN);
    let round = -1; // warm-up rounds are negative
    let roundStart = 0;
    let received = 0;
    let expected = SOCKETS;
    let duplicates = 0;
    let errors = 0;
    let onAll: (() => void) | null = null;

    const subscribeSocket = (i: number) =>
      new Promise<void>((resolve, reject) => {
        const client = createClient({
          url: `ws://127.0.0.1:${PORT_A}/graphql`,
          webSocketImpl: WebSocket,
          connectionParams: { authorization: `Bearer ${socketToken}` },
          retryAttempts: 0,
          lazy: true,
          on: { connected: () => resolve(), closed: () => reject(new Error(`socket ${i} cerrado`)) },
        });
        clients.push(client);
        client.subscribe(
          { query: SUBSCRIPTION },
          {
            next: () => {
              const now = performance.now();
              if (lastRound[i] === round) {
                duplicates++;
                return;
              }
              lastRound[i] = round;
              if (round >= 0) latencies[round * SOCKETS + i] = now - roundStart;
              if (++received === expected) onAll?.();
            },
            error: () => {
              errors++;
            },
            complete: () => {},
          },
        );
      });

    let name = 0;
    const raise = async (r: number) => {
      round = r;
      received = 0;
      const all = new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(false), ROUND_TIMEOUT_MS);
        onAll = () => {
          clearTimeout(timer);
          resolve(true);
        };
      });
      const body = JSON.stringify({ query: MUTATION, variables: { input: roundInput(++name) } });
      roundStart = performance.now();
      const response = await fetch(`${baseB}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${mutationToken}`, 'x-graphql-csrf': '1' },
        body,
      });
      const answer = (await response.json()) as { errors?: unknown };
      if (answer.errors) throw new Error(`la mutación falló: ${JSON.stringify(answer.errors)}`);
      const complete = await all;
      onAll = null;
      return complete;
    };

    const open = async (from: number, to: number) => {
      for (let i = from; i < to; i += OPEN_CONCURRENCY) {
        await Promise.all(Array.from({ length: Math.min(OPEN_CONCURRENCY, to - i) }, (_, k) => subscribeSocket(i + k)));
      }
    };
    // Warm-up: a few sockets and one event, so instance A's memory before the sockets has its code paths loaded.
    const t0 = performance.now();
    const first = Math.min(SOCKETS, 10);
    await open(0, first);
    expected = first;
    if (!(await raise(-1))) throw new Error('los primeros sockets no recibieron el evento');
    await new Promise((r) => setTimeout(r, 2_000));
    const before = await memoryKb(a.pid!, process.env.FANOUT_HEAP_SNAPSHOT && `${process.env.FANOUT_HEAP_SNAPSHOT}.before`);
    await open(first, SOCKETS);
    console.log(`  ${SOCKETS.toLocaleString('en')} sockets conectados a A en ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    // The subscriptions are started on the server once every socket has had an event.
    expected = SOCKETS;
    let ready = false;
    for (let w = 2; w <= 6 && !ready; w++) {
      ready = await raise(-w);
      if (!ready) console.log(`  calentamiento ${w}: ${received} de ${SOCKETS} sockets recibieron el evento`);
    }
    if (!ready) throw new Error('no todos los sockets quedaron suscritos');
    await new Promise((r) => setTimeout(r, SPACING_MS));
    const after = await memoryKb(a.pid!, process.env.FANOUT_HEAP_SNAPSHOT);

    let delivered = 0;
    const perRound: string[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      await raise(r);
      delivered += received;
      const slice = latencies.slice(r * SOCKETS, (r + 1) * SOCKETS).filter((v) => !Number.isNaN(v));
      slice.sort();
      perRound.push(`${slice[0]?.toFixed(0)}–${percentile(slice, 99).toFixed(0)}`);
      await new Promise((res) => setTimeout(res, SPACING_MS));
    }
    // Late or duplicate messages of the last round.
    await new Promise((r) => setTimeout(r, 500));
    const end = rssKb(a.pid!);

    const all = latencies.filter((v) => !Number.isNaN(v));
    all.sort();
    const total = ROUNDS * SOCKETS;
    const perConnection = (kb: number) => `${((kb * 1024) / (SOCKETS - first) / 1024).toFixed(1)} kB`;
    const p99 = percentile(all, 99);
    console.log(
      `  entregados ${delivered.toLocaleString('en')} de ${total.toLocaleString('en')}${duplicates ? `   duplicados ${duplicates}` : ''}${errors ? `   errores ${errors}` : ''}`,
    );
    console.log(
      `  latencia   p50 ${percentile(all, 50).toFixed(0)} ms   p95 ${percentile(all, 95).toFixed(0)} ms   p99 ${p99.toFixed(0)} ms   máx ${all[all.length - 1]?.toFixed(0)} ms   (primero–p99 por ronda: ${perRound.join(' ')})`,
    );
    console.log(
      `  memoria de A tras GC   VmRSS ${(before.rss / 1024).toFixed(0)} MB → ${(after.rss / 1024).toFixed(0)} MB con los sockets (${(end / 1024).toFixed(0)} MB al final, sin GC), heap ${(before.heap / 1024).toFixed(0)} MB → ${(after.heap / 1024).toFixed(0)} MB: por conexión ${perConnection(after.rss - before.rss)} de RSS, ${perConnection(after.heap - before.heap)} de heap`,
    );
    if (profileDir) console.log(`  perfil de CPU de A en ${profileDir}`);
    if (delivered < total || duplicates || errors) {
      console.log('  FALLO: se perdieron o duplicaron eventos');
      process.exitCode = 1;
    }
    if (process.env.FANOUT_STRICT === '1' && !(p99 <= GOAL_P99_MS)) {
      console.log(`  FALLO: p99 ${p99.toFixed(0)} ms > ${GOAL_P99_MS} ms`);
      process.exitCode = 1;
    }
  } finally {
    await Promise.all(clients.map((c) => c.dispose()));
    await Promise.all([stop(a), stop(b)]);
  }
}

/** FANOUT_EVENT=chat: see the header. */
async function runChats(databaseUrl: string, chats: string[]) {
  const profileDir = process.env.FANOUT_PROFILE === '1' ? (process.env.FANOUT_PROFILE_DIR ?? mkdtempSync(path.join(tmpdir(), 'fanout-prof-'))) : undefined;
  const a = startServer(PORT_A, databaseUrl, { profileDir, inspectPort: INSPECT_PORT });
  const b = startServer(PORT_B, databaseUrl);
  const port = (i: number) => (i % 2 === 0 ? PORT_A : PORT_B);
  const clients: Client[] = [];
  try {
    await Promise.all([waitForServer(`http://127.0.0.1:${PORT_A}`), waitForServer(`http://127.0.0.1:${PORT_B}`)]);
    // Per message (by its sequence number): when its request left and when it reached the partner's socket.
    const total = ROUNDS * MESSAGES_PER_ROUND;
    const sentAt = new Float64Array(total + 1_000).fill(Number.NaN);
    const latencies = new Float64Array(total + 1_000).fill(Number.NaN);
    let arrived = 0;
    let duplicates = 0;
    let errors = 0;
    let waiting: { count: number; done: () => void } | null = null;

    const subscribeSocket = (i: number) =>
      new Promise<void>((resolve, reject) => {
        const client = createClient({
          url: `ws://127.0.0.1:${port(i)}/graphql`,
          webSocketImpl: WebSocket,
          connectionParams: { authorization: `Bearer ${chatToken(i)}` },
          retryAttempts: 0,
          lazy: true,
          on: { connected: () => resolve(), closed: () => reject(new Error(`socket ${i} cerrado`)) },
        });
        clients.push(client);
        client.subscribe(
          { query: 'subscription { chatEvents { kind push { pushType } message { text } } }' },
          {
            next: (value: any) => {
              const event = value.data?.chatEvents;
              if (!event?.push) return; // the sender's own copy
              const now = performance.now();
              const seq = Number(event.message.text.slice(1));
              if (!Number.isNaN(latencies[seq])) {
                duplicates++;
                return;
              }
              latencies[seq] = now - sentAt[seq];
              arrived++;
              if (waiting && arrived >= waiting.count) waiting.done();
            },
            error: () => {
              errors++;
            },
            complete: () => {},
          },
        );
      });

    let seq = 0;
    const send = async (from: number) => {
      const n = ++seq;
      const body = JSON.stringify({
        query: 'mutation ($input: SendChatMessageInput!) { sendChatMessage(input: $input) { __typename } }',
        variables: { input: { identifier: chats[from], text: `m${n}` } },
      });
      sentAt[n] = performance.now();
      const response = await fetch(`http://127.0.0.1:${port(from)}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${chatToken(from)}`, 'x-graphql-csrf': '1' },
        body,
      });
      const answer = (await response.json()) as { data?: { sendChatMessage?: { __typename: string } }; errors?: unknown };
      if (answer.errors || answer.data?.sendChatMessage?.__typename !== 'MutationSendChatMessageSuccess')
        throw new Error(`el envío falló: ${JSON.stringify(answer)}`);
    };
    /** These people each send their partner a message, spaced over a second; resolves when all arrived or after the timeout. */
    const round = async (senders: number[]) => {
      const count = senders.length;
      const target = arrived + count;
      const all = new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(false), ROUND_TIMEOUT_MS);
        waiting = {
          count: target,
          done: () => {
            clearTimeout(timer);
            resolve(true);
          },
        };
        if (arrived >= target) waiting.done();
      });
      const sends: Promise<void>[] = [];
      for (const from of senders) {
        sends.push(send(from));
        await new Promise((r) => setTimeout(r, SPACING_MS / count));
      }
      await Promise.all(sends);
      const complete = await all;
      waiting = null;
      return complete;
    };

    const open = async (from: number, to: number) => {
      for (let i = from; i < to; i += OPEN_CONCURRENCY) {
        await Promise.all(Array.from({ length: Math.min(OPEN_CONCURRENCY, to - i) }, (_, k) => subscribeSocket(i + k)));
      }
    };
    const t0 = performance.now();
    const first = Math.min(SOCKETS, 10);
    await open(0, first);
    /** MESSAGES_PER_ROUND senders spread over everyone, from `offset`. */
    const spread = (offset: number) => Array.from({ length: MESSAGES_PER_ROUND }, (_, k) => (offset + k * 37) % SOCKETS);
    if (!(await round(Array.from({ length: first }, (_, k) => k).filter((k) => k % 2 === 0))))
      throw new Error('los primeros sockets no recibieron los mensajes');
    await new Promise((r) => setTimeout(r, 2_000));
    const before = await memoryKb(a.pid!);
    await open(first, SOCKETS);
    console.log(`  ${SOCKETS.toLocaleString('en')} sockets conectados (la mitad a A) en ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    // Warm-up rounds: every server subscription started and the code paths compiled before measuring.
    for (let w = 0; w < 3; w++) await round(spread(w * 1_000));
    await new Promise((r) => setTimeout(r, SPACING_MS));
    const after = await memoryKb(a.pid!);
    const firstMeasured = seq + 1;
    const arrivedBefore = arrived;
    const perRound: string[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const from = seq + 1;
      await round(spread(7 * r + 3));
      const slice = latencies.slice(from, seq + 1).filter((v) => !Number.isNaN(v));
      slice.sort();
      perRound.push(`${slice[0]?.toFixed(0)}–${percentile(slice, 99).toFixed(0)}`);
      await new Promise((res) => setTimeout(res, SPACING_MS));
    }
    await new Promise((r) => setTimeout(r, 500));
    const delivered = arrived - arrivedBefore;
    const all = latencies.slice(firstMeasured, seq + 1).filter((v) => !Number.isNaN(v));
    all.sort();
    const onA = Math.ceil(SOCKETS / 2) - Math.ceil(first / 2);
    const perConnection = (kb: number) => `${(kb / onA).toFixed(1)} kB`;
    const p99 = percentile(all, 99);
    console.log(
      `  entregados ${delivered.toLocaleString('en')} de ${total.toLocaleString('en')}${duplicates ? `   duplicados ${duplicates}` : ''}${errors ? `   errores ${errors}` : ''}`,
    );
    console.log(
      `  latencia   p50 ${percentile(all, 50).toFixed(0)} ms   p95 ${percentile(all, 95).toFixed(0)} ms   p99 ${p99.toFixed(0)} ms   máx ${all[all.length - 1]?.toFixed(0)} ms   (primero–p99 por ronda: ${perRound.join(' ')})`,
    );
    console.log(
      `  memoria de A tras GC   VmRSS ${(before.rss / 1024).toFixed(0)} MB → ${(after.rss / 1024).toFixed(0)} MB con ${onA.toLocaleString('en')} personas conectadas, heap ${(before.heap / 1024).toFixed(0)} MB → ${(after.heap / 1024).toFixed(0)} MB: por conexión ${perConnection(after.rss - before.rss)} de RSS, ${perConnection(after.heap - before.heap)} de heap`,
    );
    if (profileDir) console.log(`  perfil de CPU de A en ${profileDir}`);
    if (delivered < total || duplicates || errors) {
      console.log('  FALLO: se perdieron o duplicaron mensajes');
      process.exitCode = 1;
    }
    if (process.env.FANOUT_STRICT === '1' && !(p99 <= GOAL_P99_MS)) {
      console.log(`  FALLO: p99 ${p99.toFixed(0)} ms > ${GOAL_P99_MS} ms`);
      process.exitCode = 1;
    }
  } finally {
    await Promise.all(clients.map((c) => c.dispose()));
    await Promise.all([stop(a), stop(b)]);
  }
}

if (process.env.FANOUT_SKIP_BUILD !== '1') {
  console.log('Compilando el servidor (npm run build:server)...');
  const build = spawnSync('npm', ['run', 'build:server'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
// A copy of the build, so another build of dist/server while this runs does not change what is measured.
rmSync(COPY, { recursive: true, force: true });
cpSync('dist/server', COPY, { recursive: true });

const name = `fanout_${Date.now()}`;
const admin = new pg.Client({ connectionString: DATABASE_URL });
await admin.connect();
await admin.query(`CREATE DATABASE "${name}"`);
const url = new URL(DATABASE_URL);
url.pathname = `/${name}`;
try {
  const db = await openDatabase({ databaseUrl: url.toString(), dataDir: 'memory://' });
  await db.migrate();
  await seedDemo(db, loadConfig({ DATA_DIR: 'memory://', SECRETS_KEY: process.env.SECRETS_KEY, DATABASE_URL: url.toString() }));
  await db.close();
  if (CHAT) {
    const chats = await seedChatPeople(url.toString());
    console.log(
      `\n== Fan-out de chats: ${SOCKETS.toLocaleString('en')} personas, una sesión y un socket cada una (pares en A y B), ${ROUNDS} rondas de ${MESSAGES_PER_ROUND} mensajes que cruzan de instancia, PostgreSQL + Redis ==`,
    );
    await runChats(url.toString(), chats);
  } else {
    console.log(
      `\n== Fan-out: ${SOCKETS.toLocaleString('en')} sockets de ${EMAIL} en A, ${ROUNDS} cambios de perfil en B (${SAME_SESSION ? 'la misma sesión' : 'otra sesión'}), PostgreSQL + Redis ==`,
    );
    await run(url.toString());
  }
} finally {
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.end();
  rmSync(COPY, { recursive: true, force: true });
}
