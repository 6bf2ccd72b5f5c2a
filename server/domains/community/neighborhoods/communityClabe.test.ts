// The community's own CLABE: modelled on the community, set by its administrator with the gateway keys
// (GraphQL and the legacy gateway-keys PUT, checked digit and bank, Spanish messages) and shown on the
// dashboard's wallet panel with its bank. Through the real handlers on a real database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../tests/testApp.js';

let t: TestApp;
let admin: string;
let owner: string;
let n: number;
const PATH = () => `/neighborhoods/${n}/settings/gateway-keys`;
const VALID = '032180000118359719';

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.signIn('admin@demo.mx');
  owner = await t.signIn('propietario@demo.mx');
  n = (await t.gql(`{ session { neighborhood { databaseId } } }`, {}, { token: admin })).body.data.session.neighborhood.databaseId;
});
afterAll(() => t.close());

async function put(extra: Record<string, unknown>, token = admin) {
  const read = await t.rest('GET', PATH(), undefined, { token: admin });
  expect(read.status).toBe(200);
  return t.rest('PUT', PATH(), { gateway_account_id: read.body.gateway_account_id, gateway_public_key: read.body.gateway_public_key, ...extra }, { token });
}

const PANEL = `{ dashboard { gatewayPanel { clabe bankName } } }`;
const stored = async () => (await t.app.db.prisma.neighborhood.findUniqueOrThrow({ where: { id: n } })).gatewayClabe;

describe('the community’s own CLABE', () => {
  it('refuses a CLABE with a bad length, check digit or bank, in Spanish, and stores nothing', async () => {
    const before = await stored();
    const short = await put({ gateway_clabe: '12345' });
    expect(short.status).toBe(400);
    expect(JSON.stringify(short.body)).toContain('La CLABE debe tener exactamente 18 dígitos');
    const digit = await put({ gateway_clabe: '032180000118359718' });
    expect(digit.status).toBe(400);
    expect(JSON.stringify(digit.body)).toContain('El dígito verificador de la CLABE no es válido');
    const bank = await put({ gateway_clabe: '999180000118359713' });
    expect(bank.status).toBe(400);
    expect(JSON.stringify(bank.body)).toContain('La CLABE no corresponde a ningún banco');
    expect(await stored()).toBe(before);
  });

  it('is saved over REST, read back through GraphQL and REST, and shown on the wallet panel with its bank', async () => {
    const saved = await put({ gateway_clabe: ` ${VALID} ` });
    expect(saved.status).toBe(200);
    expect(saved.body.gateway_clabe).toBe(VALID);
    const keys = await t.gql(`{ gatewayKeys { gatewayClabe } }`, {}, { token: admin });
    expect(keys.body.data.gatewayKeys.gatewayClabe).toBe(VALID);
    const panel = await t.gql(PANEL, {}, { token: admin });
    expect(panel.body.data.dashboard.gatewayPanel).toEqual({ clabe: VALID, bankName: 'IXE Banco' });
    // A save without the field keeps it.
    expect((await put({})).body.gateway_clabe).toBe(VALID);
  });

  it('is cleared with null through GraphQL, and an owner can neither read nor set it', async () => {
    const denied = await put({ gateway_clabe: VALID }, owner);
    expect(denied.status).toBe(403);
    const ownerKeys = await t.gql(`{ gatewayKeys { gatewayClabe } }`, {}, { token: owner });
    expect(ownerKeys.body.data?.gatewayKeys ?? null).toBeNull();
    const read = await t.gql(`{ gatewayKeys { gatewayAccountId gatewayPublicKey } }`, {}, { token: admin });
    const { gatewayAccountId, gatewayPublicKey } = read.body.data.gatewayKeys;
    const cleared = await t.gql(
      `mutation($input: UpdateGatewayKeysInput!) { updateGatewayKeys(input: $input) { __typename
        ... on MutationUpdateGatewayKeysSuccess { data { gatewayKeys { gatewayClabe } } } } }`,
      { input: { gatewayAccountId, gatewayPublicKey, gatewayClabe: null } },
      { token: admin },
    );
    expect(cleared.body.data.updateGatewayKeys.data.gatewayKeys.gatewayClabe).toBeNull();
    expect((await t.gql(PANEL, {}, { token: admin })).body.data.dashboard.gatewayPanel).toEqual({ clabe: null, bankName: null });
  });
});
