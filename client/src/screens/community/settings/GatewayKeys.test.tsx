import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { loadQuery } from 'react-relay';
import { createMockEnvironment, MockPayloadGenerator } from 'relay-test-utils';
import GatewayKeysQuery, { type GatewayKeysQuery as Query } from '../../../__generated__/GatewayKeysQuery.graphql.js';
import { renderScreen } from '../../../test/renderScreen.js';
import '../../../i18n/all.js';
import GatewayKeys from './GatewayKeys.js';

function renderKeys(gatewayClabe: string | null) {
  const environment = createMockEnvironment();
  environment.mock.queueOperationResolver((operation) =>
    operation.request.node.params.name !== 'GatewayKeysQuery'
      ? null
      : MockPayloadGenerator.generate(operation, {
          // biome-ignore lint/correctness/noComponentHookFactories: mock resolvers are named after GraphQL types, not components
          GatewayKeys: () => ({
            id: 'R2F0ZXdheUtleXM6MQ==',
            gatewayAccountId: 'mdemo12345',
            gatewayPublicKey: 'pk_demo1234',
            hasGatewayPrivateKey: true,
            sandbox: true,
            gatewayClabe,
            configured: true,
          }),
        }),
  );
  environment.mock.queuePendingOperation(GatewayKeysQuery, {});
  const queryRef = loadQuery<Query>(environment, GatewayKeysQuery, {});
  renderScreen(environment, '/neighborhood/settings/openpay-keys/form', <GatewayKeys queryRef={queryRef} />);
  return environment;
}

const clabeInput = () => screen.getByLabelText('CLABE de la comunidad') as HTMLInputElement;
const saves = (environment: ReturnType<typeof renderKeys>) =>
  environment.mock.getAllOperations().filter((op) => op.request.node.params.name === 'GatewayKeysMutation');

describe('GatewayKeys: the community’s own CLABE', () => {
  it('shows the stored CLABE, refuses a wrong check digit in Spanish before sending, and sends a valid one', async () => {
    const environment = renderKeys('032180000118359719');
    await screen.findByLabelText('CLABE de la comunidad');
    expect(clabeInput().value).toBe('032180000118359719');
    await act(async () => {
      fireEvent.change(clabeInput(), { target: { value: '032180000118359718' } });
      fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    });
    expect(screen.getByText('El dígito verificador de la CLABE no es válido')).toBeTruthy();
    expect(saves(environment)).toHaveLength(0);
    await act(async () => {
      fireEvent.change(clabeInput(), { target: { value: '012180000118359713' } });
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    });
    const sent = saves(environment);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.request.variables.input).toMatchObject({ gatewayAccountId: 'mdemo12345', gatewayClabe: '012180000118359713' });
  });

  it('sends null to clear it when the field is left empty', async () => {
    const environment = renderKeys(null);
    await screen.findByLabelText('CLABE de la comunidad');
    expect(clabeInput().value).toBe('');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    });
    expect(saves(environment)[0]!.request.variables.input.gatewayClabe).toBeNull();
  });
});
