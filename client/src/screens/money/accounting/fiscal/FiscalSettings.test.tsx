import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { loadQuery } from 'react-relay';
import { createMockEnvironment, MockPayloadGenerator, type RelayMockEnvironment } from 'relay-test-utils';
import FiscalSettingsQuery, { type FiscalSettingsQuery as FiscalSettingsQueryType } from '../../../../__generated__/FiscalSettingsQuery.graphql.js';
import { renderScreen } from '../../../../test/renderScreen.js';
import '../../../../i18n/all.js';
import FiscalSettings from './FiscalSettings.js';

const session = vi.hoisted(() => ({ grants: new Set<string>() }));
vi.mock('../../../../components/SessionProvider.js', () => ({
  useSession: () => ({ grants: session.grants, superAdmin: false, session: { activeModules: ['FACTURACION'] } }),
}));

const INFORMATION = {
  id: 'FiscalInformation:1',
  configured: true,
  fiscalName: 'ESCUELA KEMPER URGATE',
  rfc: 'EKU9003173C9',
  regime: 'RF601',
  productCode: '80131500',
  invoiceSerie: 'F',
  creditNoteSerie: 'NC',
  hasPrivateKey: true,
  certificate: {
    number: '30001000000500003416',
    rfc: 'EKU9003173C9',
    legalName: 'ESCUELA KEMPER URGATE SA DE CV',
    validFrom: '2023-05-18T11:43:51.000Z',
    validTo: '2027-05-18T11:43:51.000Z',
    status: 'VALID',
  },
};

const ADDRESS = {
  postalCode: '76090',
  street: 'Av. de los Olivos',
  exteriorNumber: '100',
  interiorNumber: null,
  colony: 'Jardines de la Hacienda',
  city: 'Santiago de Querétaro',
  stateName: 'Querétaro',
  country: 'México',
};

function renderFiscal(url: string, grants: string[], information: object | null = INFORMATION): RelayMockEnvironment {
  session.grants = new Set(grants);
  const environment = createMockEnvironment();
  environment.mock.queueOperationResolver((operation) =>
    MockPayloadGenerator.generate(operation, {
      // biome-ignore lint/correctness/noComponentHookFactories: mock resolvers are named after GraphQL types, not components
      Query: () => ({ fiscalInformation: information, fiscalIssuerAddress: ADDRESS }),
      // biome-ignore lint/correctness/noComponentHookFactories: as above
      FiscalInformation: () => information,
      // biome-ignore lint/correctness/noComponentHookFactories: as above
      FiscalIssuerAddress: () => ADDRESS,
      // biome-ignore lint/correctness/noComponentHookFactories: as above
      FiscalCertificate: () => INFORMATION.certificate,
    }),
  );
  environment.mock.queuePendingOperation(FiscalSettingsQuery, {});
  const queryRef = loadQuery<FiscalSettingsQueryType>(environment, FiscalSettingsQuery, {});
  renderScreen(environment, url, <FiscalSettings queryRef={queryRef} />);
  return environment;
}

afterEach(() => vi.unstubAllGlobals());

describe('FiscalSettings', () => {
  it('shows the tax data, the issuer’s address, the current CSD and the ?error warning; read-only without CTaxUpdate', async () => {
    renderFiscal(`/neighborhood/settings/fiscal?error=${encodeURIComponent('No logramos completar la operación')}`, ['CTaxRead']);
    expect(await screen.findByText('No logramos completar la operación')).toBeTruthy();
    expect(screen.getByText('Lista para facturar')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: /^RFC/ }) as HTMLInputElement).value).toBe('EKU9003173C9');
    expect((screen.getByRole('textbox', { name: /^RFC/ }) as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Guardar' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cargar certificado' })).toBeNull();
    const current = screen.getByTestId('csd-current');
    expect(within(current).getByText('30001000000500003416')).toBeTruthy();
    expect(within(current).getByText('Del 18/05/2023 al 18/05/2027')).toBeTruthy();
    expect(within(current).getByText('Vigente')).toBeTruthy();
    const address = screen.getByTestId('fiscal-address');
    expect(within(address).getByText('76090')).toBeTruthy();
    expect(within(address).getByRole('link', { name: 'Editar en Datos generales' }).getAttribute('href')).toBe('/neighborhood/settings/general');
  });

  it('checks the tax data with the core schema before sending and warns when the RFC would drop the CSD', async () => {
    const environment = renderFiscal('/neighborhood/settings/fiscal', ['CTaxRead', 'CTaxUpdate']);
    const rfc = (await screen.findByRole('textbox', { name: /^RFC/ })) as HTMLInputElement;
    fireEvent.change(rfc, { target: { value: 'xexx010101000' } });
    expect(rfc.value).toBe('XEXX010101000');
    fireEvent.change(screen.getByRole('textbox', { name: /^Serie de notas de crédito/ }), { target: { value: 'f' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    });
    expect(await screen.findByText(/^El RFC genérico XEXX010101000 \(residentes en el extranjero\)/)).toBeTruthy();
    expect(environment.mock.getAllOperations().filter((op) => op.request.node.params.name === 'FiscalDataFormSaveMutation')).toHaveLength(0);
    fireEvent.change(rfc, { target: { value: 'AAA010101AAA' } });
    expect(await screen.findByText(/El certificado de sello digital cargado es del RFC EKU9003173C9/)).toBeTruthy();
  });

  it('sends the CSD as a GraphQL multipart request and puts the server’s answer under its field', async () => {
    const fetch = vi.fn(async (_url: string, _init: RequestInit) =>
      Response.json({
        data: {
          uploadFiscalCertificate: {
            __typename: 'InputError',
            code: 400,
            message: 'La contraseña de la llave privada no es correcta',
            issues: [{ field: 'privateKeyPassword', message: 'La contraseña de la llave privada no es correcta' }],
          },
        },
      }),
    );
    vi.stubGlobal('fetch', fetch);
    renderFiscal('/neighborhood/settings/fiscal', ['CTaxRead', 'CTaxUpdate']);
    await screen.findByTestId('csd-current');
    const [cer, key] = Array.from(document.querySelectorAll<HTMLInputElement>('input[type="file"]'));
    fireEvent.change(cer, { target: { files: [new File([new Uint8Array(1460)], 'EKU9003173C9.cer')] } });
    fireEvent.change(key, { target: { files: [new File([new Uint8Array(1298)], 'EKU9003173C9.key')] } });
    fireEvent.change(screen.getByLabelText(/Contraseña de la llave privada/), { target: { value: 'otra' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Cargar certificado' }));
    });
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe('/graphql');
    expect((init.headers as Record<string, string>)['x-graphql-csrf']).toBe('1');
    const body = init.body as FormData;
    expect(JSON.parse(body.get('map') as string)).toEqual({ 0: ['variables.input.certificate'], 1: ['variables.input.privateKey'] });
    expect(JSON.parse(body.get('operations') as string).variables).toEqual({ input: { certificate: null, privateKey: null, privateKeyPassword: 'otra' } });
    expect((body.get('0') as File).name).toBe('EKU9003173C9.cer');
    expect(await screen.findByText('La contraseña de la llave privada no es correcta')).toBeTruthy();
  });
});
