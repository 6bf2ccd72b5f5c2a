import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { loadQuery } from 'react-relay';
import { Route, Routes } from 'react-router';
import { createMockEnvironment, type RelayMockEnvironment } from 'relay-test-utils';
import ServicePeriodFormQuery, { type ServicePeriodFormQuery as FormQueryType } from '../../../../__generated__/ServicePeriodFormQuery.graphql.js';
import { renderScreen } from '../../../../test/renderScreen.js';
import { globalId } from '../../../../relay/ids.js';
import '../../../../i18n/all.js';
import ServicePeriodForm from './ServicePeriodForm.js';
import { servicePeriodRoutes } from './routes.js';

vi.mock('../../../../components/SessionProvider.js', () => ({
  useSession: () => ({
    grants: new Set(['AServicesPeriodsCreate', 'AServicesPeriodsUpdate']),
    superAdmin: false,
    session: { neighborhood: { databaseId: 1 } },
  }),
}));

const route = servicePeriodRoutes.find((r) => r.path === '/services/:serviceId/periods/form/:periodId')!;
const operations = (environment: RelayMockEnvironment, name: string) =>
  environment.mock.getAllOperations().filter((op) => op.request.node.params.name === name);

function renderForm(params: { serviceId: string; periodId?: string }, service: Record<string, unknown>, period?: Record<string, unknown> | null) {
  const environment = createMockEnvironment();
  const variables = route.variables!({ params, search: new URLSearchParams() }) as FormQueryType['variables'];
  environment.mock.queueOperationResolver(() => ({
    data: {
      service: { __typename: 'MeasuredService', id: globalId('MeasuredService', params.serviceId), databaseId: Number(params.serviceId), ...service },
      ...(params.periodId ? { period: period ? { __typename: 'ServicePeriod', ...period } : null } : {}),
    },
  }));
  environment.mock.queuePendingOperation(ServicePeriodFormQuery, variables);
  const queryRef = loadQuery<FormQueryType>(environment, ServicePeriodFormQuery, variables);
  const url = params.periodId ? `/services/${params.serviceId}/periods/form/${params.periodId}` : `/services/${params.serviceId}/periods/form`;
  renderScreen(
    environment,
    url,
    <Routes>
      <Route path="/services/:serviceId/periods/form" element={<ServicePeriodForm queryRef={queryRef} />} />
      <Route path="/services/:serviceId/periods/form/:periodId" element={<ServicePeriodForm queryRef={queryRef} />} />
      <Route path="/services/:serviceId/periods" element={<p>periodos</p>} />
    </Routes>,
    { notifications: true },
  );
  return { environment, variables };
}

describe('/services/{serviceId}/periods/form', () => {
  it('a FACTOR service starts from its presets; a zero rate and a missing due date are refused before sending', async () => {
    const { environment, variables } = renderForm({ serviceId: '7' }, { description: 'Gas', type: 'FACTOR', presetCost: '23.45', presetConversionRate: '1.5' });
    expect(variables).toMatchObject({ serviceId: globalId('MeasuredService', '7'), edit: false });
    await screen.findByRole('heading', { name: 'Nuevo periodo' });
    expect((screen.getByLabelText(/Costo por unidad/) as HTMLInputElement).value).toBe('23.45');
    expect((screen.getByLabelText(/Factor de conversión/) as HTMLInputElement).value).toBe('1.5');
    fireEvent.change(screen.getByLabelText(/Factor de conversión/), { target: { value: '0' } });
    fireEvent.change(screen.getByLabelText(/Descripción/), { target: { value: 'Gas noviembre' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    });
    await screen.findByText('El factor de conversión debe ser mayor a cero con hasta seis decimales');
    await screen.findByText('La fecha límite es requerida');
    expect(operations(environment, 'ServicePeriodFormCreateMutation')).toHaveLength(0);
  });

  it('a TABLE service takes neither cost nor rate', async () => {
    renderForm({ serviceId: '7' }, { description: 'Agua', type: 'TABLE', presetCost: null, presetConversionRate: null });
    await screen.findByTestId('table-fixed');
    expect(screen.queryByLabelText(/Costo por unidad/)).toBeNull();
    expect(screen.queryByLabelText(/Factor de conversión/)).toBeNull();
  });

  it('edits a period with its own values', async () => {
    renderForm(
      { serviceId: '7', periodId: '3' },
      { description: 'Gas', type: 'FACTOR', presetCost: '20', presetConversionRate: '1' },
      {
        id: globalId('ServicePeriod', '3'),
        databaseId: 3,
        serviceDatabaseId: 7,
        description: 'Gas octubre',
        cost: '21.5',
        conversionRate: '1.2',
        dueDate: '2026-12-20',
        status: 'READY',
        editable: true,
      },
    );
    await screen.findByRole('heading', { name: 'Editar periodo' });
    expect((screen.getByLabelText(/Descripción/) as HTMLInputElement).value).toBe('Gas octubre');
    expect((screen.getByLabelText(/Costo por unidad/) as HTMLInputElement).value).toBe('21.5');
  });

  it('a period under another service is not found', async () => {
    renderForm(
      { serviceId: '8', periodId: '3' },
      { description: 'Luz', type: 'FACTOR', presetCost: '2', presetConversionRate: '1' },
      {
        id: globalId('ServicePeriod', '3'),
        databaseId: 3,
        serviceDatabaseId: 7,
        description: 'Gas octubre',
        cost: '21.5',
        conversionRate: '1.2',
        dueDate: '2026-12-20',
        status: 'READY',
        editable: true,
      },
    );
    await screen.findByText('No encontramos este periodo o servicio.');
  });
});
