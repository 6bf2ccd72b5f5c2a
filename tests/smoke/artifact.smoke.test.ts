// The smoke suite on what ships (issue 24 item 2): a copy of the checkout without tests/, started with
// `npm start`'s own script (it builds the client and the server into the copy, then runs dist/ with
// NODE_ENV=production) on a fresh data directory, or on a fresh PostgreSQL database with Redis when
// DATABASE_URL is set. Everything goes through HTTP, the WebSocket and Chromium, as a newcomer's would:
// each demo role signs in; the demo's stamped invoices are there; a paid receipt is invoiced and its XML
// and PDF downloaded; a provider's CFDI is uploaded; the owner pays by card while a graphql-ws client
// waits for the event; reports download as XLSX and PDF; the dashboard opens in the browser. Then, with
// the server stopped, every registered job runs once on the compiled code (tests/smoke/runJobs.ts), and
// the server starts again (already built and seeded) and after a kill -9, timed.
import { execFile } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createClient } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { todayIn } from '../../core/receipts.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../server/db/seed.js';
import { launchChromium, mexicanPage, SCREENSHOTS, signInToShell } from '../e2e/browser.js';
import { providerCfdi } from '../fixtures/providerCfdi/generate.js';
import { type Artifact, cleanEnv, copyCheckout, npmStart, type Started } from './artifact.js';

const run = promisify(execFile);
/**
 * The first start builds the client and the server: about half a minute alone, but on CI's PostgreSQL pass it
 * builds beside the PGlite pass's browser journeys, where it was seen to take over 300 s; that pass ends long
 * before the PGlite one, so waiting longer costs CI nothing.
 */
const FIRST_START_MS = 600_000;
/**
 * How long a start with nothing to build, and one after kill -9, may take to answer. Issue 24 asks 1.5 s and
 * 5 s on a quiet machine (measured apart, docs/decisions.md). CI runs its two suites side by side on two
 * cores, and this start can meet the other suite's own first build (tsc, Vite, esbuild) and browser journeys:
 * there a start was seen to take 11 s, and 22.6 s beside four open chat pages (3.7 s alone, 2026-11-29). So the
 * bound catches regressions, 10 s on a quiet machine and 30 s on a busy one, and the figures are printed.
 */
const busy = !!process.env.CI || loadavg()[0]! > 2 * cpus().length;
const RESTART_BOUND_MS = busy ? 30_000 : 10_000;
const RESTART_MS = RESTART_BOUND_MS + 10_000;

let artifact: Artifact;
let server: Started | null = null;
const timings: Record<string, number> = {};

beforeAll(async () => {
  artifact = await copyCheckout();
  server = await npmStart(artifact, FIRST_START_MS);
  timings['first start (build, migrate, seed): /health'] = server.healthMs;
}, FIRST_START_MS + 30_000);

afterAll(async () => {
  await server?.kill9();
  console.log(`Smoke timings (ms): ${JSON.stringify(Object.fromEntries(Object.entries(timings).map(([k, v]) => [k, Math.round(v)])))}`);
  await artifact?.remove();
});

const today = () => todayIn('America/Mexico_City');

async function gql(query: string, variables: Record<string, unknown> = {}, token?: string) {
  const response = await fetch(`${artifact.base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as any;
  if (body.errors) throw new Error(`${response.status} ${JSON.stringify(body.errors).slice(0, 500)}`);
  return body.data;
}

async function download(url: string, token: string) {
  const response = await fetch(`${artifact.base}${url}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: response.status, type: response.headers.get('content-type') ?? '', bytes: Buffer.from(await response.arrayBuffer()) };
}

const SIGN_IN = `mutation($input: SignInInput!) { signIn(input: $input) { __typename
  ... on MutationSignInSuccess { data { token session { neighborhood { name } house { databaseId } grants } } }
  ... on Error { code message } } }`;

const tokens: Record<string, string> = {};
async function signIn(email: string) {
  const answer = (await gql(SIGN_IN, { input: { email, password: DEMO_PASSWORD, apiToken: true, domain: 'los_olivos' } })).signIn;
  expect(answer.__typename, `${email}: ${JSON.stringify(answer)}`).toBe('MutationSignInSuccess');
  tokens[email] = answer.data.token;
  return answer.data;
}
const admin = () => tokens['admin@demo.mx'];
const owner = () => tokens['propietario@demo.mx'];

describe('the built artifact, started as npm start starts it', () => {
  it('holds every run-time file the server names, and no test file', async () => {
    // @ts-expect-error: a plain ESM script of the build, without types
    const { serverAssets } = await import('../../scripts/server-assets.mjs');
    const { existsSync } = await import('node:fs');
    for (const asset of serverAssets() as string[]) expect(existsSync(path.join(artifact.dir, 'dist/server', asset)), asset).toBe(true);
    expect(existsSync(path.join(artifact.dir, 'tests'))).toBe(false);
    expect(existsSync(path.join(artifact.dir, 'client/dist/index.html'))).toBe(true);
    // What npm start runs: the bundle (scripts/bundle-server.mjs), beside the run-time files it names.
    expect(existsSync(path.join(artifact.dir, 'dist/server/bundle.js'))).toBe(true);
  });

  it('serves the page with its Content-Security-Policy: own scripts, frames only from the video hosts and welcome pages', async () => {
    const page = await fetch(`${artifact.base}/news`);
    expect(page.headers.get('content-type')).toContain('text/html');
    const policy = page.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("script-src 'self'");
    expect(policy).toMatch(/frame-src 'self' https:\/\/www\.youtube-nocookie\.com https:\/\/player\.vimeo\.com/);
  });

  it('signs in with each demo role', async () => {
    for (const { email } of DEMO_ACCOUNTS) {
      const data = await signIn(email);
      expect(data.session.neighborhood.name, email).toBe('Residencial Los Olivos');
    }
    expect(Object.keys(tokens)).toHaveLength(DEMO_ACCOUNTS.length);
  });

  it('shows the demo community’s stamped invoices', async () => {
    const { cfdis } = await gql('{ cfdis(first: 50, filter: { status: STAMPED }) { totalCount edges { node { kind uuid xmlUrl } } } }', {}, admin());
    expect(cfdis.totalCount).toBeGreaterThanOrEqual(5);
    expect(cfdis.edges.map((e: any) => e.node.kind)).toEqual(expect.arrayContaining(['RECEIPT', 'GLOBAL']));
    const xml = await download(cfdis.edges[0].node.xmlUrl, admin());
    expect(xml.bytes.toString('utf8')).toContain(cfdis.edges[0].node.uuid);
  });

  it('invoices a paid receipt of a house with tax data, stamped, with its XML and PDF', async () => {
    const { cfdis } = await gql(
      '{ cfdis(first: 20, filter: { status: STAMPED, kind: RECEIPT }) { edges { node { receiptHouses { houseDatabaseId } } } } }',
      {},
      admin(),
    );
    const houses = [...new Set<number>(cfdis.edges.flatMap((e: any) => e.node.receiptHouses.map((h: any) => h.houseDatabaseId)))];
    let receipt: { id: string } | undefined;
    for (const house of houses) {
      const { houseReceipts } = await gql(
        `query($h: ID!) { houseReceipts(houseId: $h, first: 50, filter: { paymentStatus: PAID }) {
          edges { node { id amount cfdiActions { allowGenerateCfdi } } } } }`,
        { h: Buffer.from(`House:${house}`).toString('base64') },
        admin(),
      );
      receipt = houseReceipts.edges.map((e: any) => e.node).find((n: any) => n.cfdiActions.allowGenerateCfdi && Number(n.amount) > 0);
      if (receipt) break;
    }
    expect(receipt, 'a paid receipt without invoice of a house with tax data').toBeDefined();
    const { generateReceiptCfdi } = await gql(
      `mutation($input: GenerateReceiptCfdiInput!) { generateReceiptCfdi(input: $input) { __typename
        ... on Error { code message }
        ... on MutationGenerateReceiptCfdiSuccess { data { status errorDescription cfdi { uuid xmlUrl pdfUrl } } } } }`,
      { input: { receiptId: receipt!.id } },
      admin(),
    );
    expect(generateReceiptCfdi.__typename, JSON.stringify(generateReceiptCfdi)).toBe('MutationGenerateReceiptCfdiSuccess');
    const { status, cfdi } = generateReceiptCfdi.data;
    expect(status).toBe('STAMPED');
    const xml = await download(cfdi.xmlUrl, admin());
    expect([xml.status, xml.type]).toEqual([200, expect.stringContaining('application/xml')]);
    expect(xml.bytes.toString('utf8')).toMatch(new RegExp(`tfd:TimbreFiscalDigital[^>]*UUID="${cfdi.uuid}"`));
    const pdf = await download(cfdi.pdfUrl, admin());
    expect([pdf.status, pdf.type, pdf.bytes.subarray(0, 5).toString()]).toEqual([200, expect.stringContaining('application/pdf'), '%PDF-']);
  });

  it('reads a provider’s CFDI uploaded by the administrator', async () => {
    const { xml, uuid } = providerCfdi({ version: '4.0', receiverRfc: 'EKU9003173C9' });
    const form = new FormData();
    form.append(
      'operations',
      JSON.stringify({
        query: `mutation($file: File!) { processExpenseCfdi(file: $file) { __typename ... on Error { code message }
          ... on MutationProcessExpenseCfdiSuccess { data { uuid version total issuerRfc lines { description amount } } } } }`,
        variables: { file: null },
      }),
    );
    form.append('map', JSON.stringify({ 0: ['variables.file'] }));
    form.append('0', new File([xml], 'proveedor.xml', { type: 'text/xml' }));
    const response = await fetch(`${artifact.base}/graphql`, {
      method: 'POST',
      headers: { 'x-graphql-csrf': '1', authorization: `Bearer ${admin()}` },
      body: form,
    });
    const answer = ((await response.json()) as any).data.processExpenseCfdi;
    expect(answer.__typename, JSON.stringify(answer)).toBe('MutationProcessExpenseCfdiSuccess');
    expect(answer.data).toMatchObject({ uuid, version: '4.0', total: '2719.00', issuerRfc: 'EKU9003173C9' });
    expect(answer.data.lines).toHaveLength(2);
  });

  let storeChargeId = '';
  it('takes the owner’s card payment through the sandbox while a graphql-ws client waits for it', async () => {
    const { houseReceipts } = await gql(
      '{ houseReceipts(first: 20, filter: { group: PENDING }) { edges { node { id status creditsWallet actions { allowPayment } } } } }',
      {},
      owner(),
    );
    const payable = houseReceipts.edges
      .map((e: any) => e.node)
      .filter((n: any) => n.actions.allowPayment && !n.creditsWallet && ['NEW', 'SENT', 'PENALTY'].includes(n.status));
    expect(payable.length, 'pending receipts of the owner').toBeGreaterThanOrEqual(2);
    const [byCard, atStore] = payable;
    const { receiptPayOptions: options } = await gql(
      'query($id: ID!) { receiptPayOptions(receiptId: $id) { online methods gatewayAccountId gatewayPublicKey tokenBaseUrl } }',
      { id: byCard.id },
      owner(),
    );
    expect(options.methods).toEqual(expect.arrayContaining(['CARD', 'STORE']));
    // The card is tokenized at the gateway with its public key, as the browser's pay screen does.
    const tokenized = await fetch(`${artifact.base}${options.tokenBaseUrl}/v1/${options.gatewayAccountId}/tokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Basic ${Buffer.from(`${options.gatewayPublicKey}:`).toString('base64')}` },
      body: JSON.stringify({ card_number: '4111111111111111', holder_name: 'Patricia Ruiz', expiration_year: '30', expiration_month: '12', cvv2: '123' }),
    });
    expect(tokenized.status).toBe(200);
    const cardToken = ((await tokenized.json()) as any).id;

    const ws = createClient({
      url: `${artifact.base.replace('http', 'ws')}/graphql`,
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${owner()}` },
      retryAttempts: 0,
    });
    try {
      const events: any[] = [];
      const completed = new Promise<any>((resolve, reject) =>
        ws.subscribe(
          { query: 'subscription($id: ID!) { receiptPaymentUpdated(receiptId: $id) { receiptId status } }', variables: { id: byCard.id } },
          {
            next: (value: any) => {
              events.push(value);
              if (value.data?.receiptPaymentUpdated?.status === 'COMPLETED') resolve(value);
            },
            error: reject,
            complete: () => undefined,
          },
        ),
      );
      await new Promise((r) => setTimeout(r, 500));
      const CHARGE = `mutation($input: ChargeReceiptInput!) { chargeReceipt(input: $input) { __typename
        ... on MutationChargeReceiptSuccess { data { charge { chargeId status method } } } ... on Error { code message } } }`;
      const { chargeReceipt } = await gql(
        CHARGE,
        { input: { receiptId: byCard.id, method: 'CARD', cardToken, deviceSessionId: 'smoke', acceptTos: true } },
        owner(),
      );
      expect(chargeReceipt.data?.charge, JSON.stringify(chargeReceipt)).toMatchObject({ status: 'COMPLETED', method: 'CARD' });
      const event = await Promise.race([
        completed,
        new Promise((_, reject) => setTimeout(() => reject(new Error(`no event: ${JSON.stringify(events)}`)), 5000)),
      ]);
      expect(event).toEqual({ data: { receiptPaymentUpdated: { receiptId: byCard.id, status: 'COMPLETED' } } });
      const { node } = await gql('query($id: ID!) { node(id: $id) { ... on Receipt { status } } }', { id: byCard.id }, owner());
      expect(node.status).toBe('PAID');

      // A store reference the owner has not paid yet: the recovery job asks the gateway about it (below).
      const store = (await gql(CHARGE, { input: { receiptId: atStore.id, method: 'STORE', acceptTos: true } }, owner())).chargeReceipt;
      expect(store.data?.charge?.method, JSON.stringify(store)).toBe('STORE');
      storeChargeId = store.data.charge.chargeId;
    } finally {
      await ws.dispose();
    }
  });

  it('downloads reports as XLSX and PDF', async () => {
    const n = (await gql('{ session { neighborhood { databaseId } } }', {}, admin())).session.neighborhood.databaseId;
    const period = `from=${today().slice(0, 4)}-01-01&to=${today()}`;
    const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    for (const [url, type, magic] of [
      [`/api/1.0/neighborhoods/${n}/statements/xls?${period}`, XLSX, 'PK'],
      [`/api/1.0/neighborhoods/${n}/statements/print?${period}`, 'application/pdf', '%PDF'],
      [`/api/1.0/neighborhoods/${n}/expenses/report?format=xlsx`, XLSX, 'PK'],
      [`/api/1.0/neighborhoods/${n}/expenses/report?format=pdf`, 'application/pdf', '%PDF'],
    ]) {
      const file = await download(url, admin());
      expect([url, file.status, file.type, file.bytes.subarray(0, magic.length).toString()]).toEqual([url, 200, expect.stringContaining(type), magic]);
      expect(file.bytes.length, url).toBeGreaterThan(2000);
    }
  });

  it('lets the guard find a demo visitor at the gate as typed, register its passage, and shows its pass without a session', async () => {
    const guard = tokens['seguridad@demo.mx'];
    const { gateVisitors } = await gql(`query($s: String!) { gateVisitors(search: $s) { id reference name inside } }`, { s: 'maria hernandez' }, guard);
    const keeper = gateVisitors.find((v: any) => v.name === 'María Hernández López');
    expect(keeper, JSON.stringify(gateVisitors)).toBeDefined();
    // Out if inside, then in (or the other way round): the demo's housekeeper is inside during her hours.
    const kinds = keeper.inside ? ['Departure', 'Entry'] : ['Entry', 'Departure'];
    for (const kind of kinds) {
      const answer = (
        await gql(
          `mutation($input: VisitorIdInput!) { registerVisitor${kind}(input: $input) { __typename
            ... on MutationRegisterVisitor${kind}Success { data { visitor { inside } } } ... on Error { message } } }`,
          { input: { visitorId: keeper.id } },
          guard,
        )
      )[`registerVisitor${kind}`];
      expect(answer.__typename, JSON.stringify(answer)).toBe(`MutationRegisterVisitor${kind}Success`);
      expect(answer.data.visitor.inside).toBe(kind === 'Entry');
    }
    const pass = await fetch(`${artifact.base}/api/1.0/public/los_olivos/visitors/${keeper.reference}`);
    expect(pass.status).toBe(200);
    expect(await pass.json()).toMatchObject({ name: 'María Hernández López' });
  });

  it('lets the guard look a demo plate up as typed, lists the demo’s appointments, and shows one without a session', async () => {
    const n = (await gql('{ session { neighborhood { databaseId } } }', {}, admin())).session.neighborhood.databaseId;
    const found = await fetch(`${artifact.base}/api/1.0/neighborhoods/${n}/vehicles/plate/ujk%20482`, {
      headers: { authorization: `Bearer ${tokens['seguridad@demo.mx']}` },
    });
    expect(found.status).toBe(200);
    const lookup = (await found.json()) as { content: { plate: string; status: string; comments: unknown[] }[] };
    expect(lookup.content[0]).toMatchObject({ plate: 'UJK-482-C', status: 'ACTIVE' });
    expect(lookup.content[0].comments.length).toBeGreaterThan(0);
    const { scheduledVehicles } = await gql(`{ scheduledVehicles(first: 20) { totalCount edges { node { code vehicle { plate } } } } }`, {}, admin());
    expect(scheduledVehicles.totalCount).toBeGreaterThanOrEqual(4);
    const code = scheduledVehicles.edges[0].node.code;
    const page = await fetch(`${artifact.base}/api/1.0/public/los_olivos/revision-point-spaces/${code}`);
    expect(page.status).toBe(200);
    expect(await page.json()).toMatchObject({ code, status: 'CONFIRMED', revision_point_name: 'Caseta principal' });
  });

  it('shows the owner the demo’s conversations, and her reply reaches the administrator’s open socket', async () => {
    const rest = async (method: string, url: string, token: string, body?: unknown) => {
      const response = await fetch(`${artifact.base}/api/1.0${url}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as any };
    };
    const unread = await rest('GET', '/me/chats/unread', owner());
    expect(unread.body.chats).toBeGreaterThanOrEqual(3);
    const list = await rest('GET', '/me/chats', owner());
    expect(list.status).toBe(200);
    expect(list.body.content.map((c: any) => c.status)).toEqual(expect.arrayContaining(['ACTIVE', 'INVITATION_RECEIVED', 'INVITATION_SENT']));
    const withAdmin = list.body.content.find((c: any) => c.status === 'ACTIVE' && c.title === 'Adriana Morales');
    expect(withAdmin, JSON.stringify(list.body.content.map((c: any) => c.title))).toBeTruthy();
    expect(withAdmin.unread).toBeGreaterThan(0);
    const ws = createClient({
      url: `${artifact.base.replace('http', 'ws')}/graphql`,
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${admin()}` },
      retryAttempts: 0,
    });
    try {
      const heard = new Promise<any>((resolve, reject) => {
        ws.subscribe(
          { query: 'subscription { chatEvents { kind identifier push { pushType title message } } }' },
          { next: (value: any) => value.data?.chatEvents?.push && resolve(value.data.chatEvents), error: reject, complete: () => {} },
        );
      });
      await new Promise((r) => setTimeout(r, process.env.DATABASE_URL ? 1_500 : 300));
      const sent = await rest('POST', `/me/chats/${withAdmin.identifier}/messages`, owner(), { message: 'Perfecto, ahí estaré.' });
      expect(sent.status).toBe(201);
      expect(await heard).toMatchObject({
        kind: 'MESSAGE',
        identifier: withAdmin.identifier,
        push: { pushType: 'DIRECT_MESSAGE', message: 'Perfecto, ahí estaré.' },
      });
    } finally {
      await ws.dispose();
    }
  });

  it('opens the administrator’s dashboard in the browser', async () => {
    const browser = await launchChromium();
    try {
      const page = await mexicanPage(browser);
      const failures: string[] = [];
      page.on('pageerror', (error) => failures.push(error.message));
      page.on('response', (response) => response.status() >= 500 && failures.push(`${response.status()} ${response.url()}`));
      await signInToShell(page, artifact.base, 'admin@demo.mx');
      await page.getByTestId('menu-home').click();
      await page.waitForURL(`${artifact.base}/`);
      await page.getByTestId('money-dashboard').waitFor();
      await page.getByTestId('incomes-chart').locator('svg').first().waitFor({ timeout: 15_000 });
      await expect.poll(() => page.getByTestId('latest-paid').textContent()).toMatch(/\d+ en total/);
      await page.screenshot({ path: path.join(SCREENSHOTS, `smoke-dashboard-${process.env.DATABASE_URL ? 'postgresql' : 'pglite'}.png`), fullPage: true });
      expect(failures).toEqual([]);
    } finally {
      await browser.close();
    }
  });

  it('runs every registered job once on the compiled code', async () => {
    await server!.stop();
    server = null;
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', path.resolve('tests/smoke/runJobs.ts'), storeChargeId], {
      cwd: artifact.dir,
      env: cleanEnv(artifact.env),
      timeout: 120_000,
    });
    const line = stdout.split('\n').find((l) => l.startsWith('JOBS '));
    expect(line, `${stdout}\n${stderr}`).toBeDefined();
    const outcome = JSON.parse(line!.slice(5)) as Record<string, { done: boolean; attempts: number; lastError: string | null }>;
    expect(Object.keys(outcome)).toEqual(
      expect.arrayContaining(['cfdis.globalMonthly', 'cfdis.invoiceReceipt', 'maintenances.daily', 'payments.recoverCharge']),
    );
    for (const [kind, job] of Object.entries(outcome)) expect({ kind, ...job }).toEqual({ kind, done: true, attempts: 1, lastError: null });
    expect(stderr.split('\n').filter((l) => /Error|failed/.test(l))).toEqual([]);
  }, 150_000);

  it(
    'starts again fast, already built and seeded, and after kill -9',
    async () => {
      server = await npmStart(artifact, RESTART_MS);
      timings['second start: /health'] = server.healthMs;
      timings['second start: sign-in page'] = server.signInPageMs;
      expect(server.signInPageMs).toBeLessThan(RESTART_BOUND_MS);
      expect(server.output()).not.toMatch(/Compilando/);
      // What the jobs did is there, and the data survives the kill.
      await signIn('admin@demo.mx');
      const before = (await gql('{ cfdis(first: 1, filter: { status: STAMPED }) { totalCount } }', {}, admin())).cfdis.totalCount;
      await server.kill9();
      server = await npmStart(artifact, RESTART_MS);
      timings['start after kill -9: /health'] = server.healthMs;
      timings['start after kill -9: sign-in page'] = server.signInPageMs;
      expect(server.signInPageMs).toBeLessThan(RESTART_BOUND_MS);
      await signIn('admin@demo.mx');
      expect((await gql('{ cfdis(first: 1, filter: { status: STAMPED }) { totalCount } }', {}, admin())).cfdis.totalCount).toBe(before);
    },
    2 * RESTART_MS + 30_000,
  );
});
