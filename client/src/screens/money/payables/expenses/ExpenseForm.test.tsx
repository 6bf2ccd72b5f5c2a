import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { loadQuery } from 'react-relay';
import { Route, Routes } from 'react-router';
import { createMockEnvironment, type RelayMockEnvironment } from 'relay-test-utils';
import ExpenseFormQuery, { type ExpenseFormQuery as FormQueryType } from '../../../../__generated__/ExpenseFormQuery.graphql.js';
import { renderScreen } from '../../../../test/renderScreen.js';
import '../../../../i18n/all.js';
import ExpenseForm from './ExpenseForm.js';

vi.mock('../../../../components/SessionProvider.js', () => ({
  useSession: () => ({ grants: new Set(['AExpensesCreate', 'AExpensesUpdate']), superAdmin: false, session: { neighborhood: { databaseId: 1 } } }),
}));

const operations = (environment: RelayMockEnvironment, name: string) =>
  environment.mock.getAllOperations().filter((op) => op.request.node.params.name === name);

function renderForm() {
  const environment = createMockEnvironment();
  const variables = { id: '', edit: false };
  environment.mock.queueOperationResolver((op) =>
    op.request.node.params.name === 'ExpenseFormQuery'
      ? {
          data: {
            expenseConfig: { today: '2026-11-28', requiredApprovals: false, useFolio: false, serie: null, nextFolio: null },
            expenseConcepts: { edges: [] },
          },
        }
      : null,
  );
  environment.mock.queuePendingOperation(ExpenseFormQuery, variables);
  const queryRef = loadQuery<FormQueryType>(environment, ExpenseFormQuery, variables);
  renderScreen(
    environment,
    '/expenses/form',
    <Routes>
      <Route path="/expenses/form" element={<ExpenseForm queryRef={queryRef} />} />
      <Route path="/expenses/:id" element={<p>detalle</p>} />
    </Routes>,
    { notifications: true },
  );
  return environment;
}

describe('/expenses/form', () => {
  it('checks the lines with the server schema before sending, shows live totals and sends the lines with their taxes', async () => {
    const environment = renderForm();
    await screen.findByRole('heading', { name: 'Registrar un egreso' });
    const line = screen.getByTestId('expense-line-0');
    fireEvent.change(within(line).getByLabelText(/Precio unitario/), { target: { value: '100' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Guardar egreso' }));
    });
    await within(line).findByText(/La descripción del concepto/);
    expect(operations(environment, 'ExpenseFormCreateMutation')).toHaveLength(0);

    fireEvent.change(within(line).getByLabelText(/Descripción del concepto/), { target: { value: 'Poda' } });
    fireEvent.change(within(line).getByLabelText(/Cantidad/), { target: { value: '2' } });
    await waitFor(() => expect(screen.getByTestId('line-amount-0').textContent).toBe('$200.00'));
    expect(screen.getByTestId('total-total').textContent).toBe('$232.00');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Guardar egreso' }));
    });
    await waitFor(() => expect(operations(environment, 'ExpenseFormCreateMutation')).toHaveLength(1));
    expect(operations(environment, 'ExpenseFormCreateMutation')[0].request.variables.input).toEqual({
      providerId: null,
      expenseConceptId: null,
      description: null,
      operationDate: '2026-11-28',
      lines: [
        {
          quantity: '2',
          unitPrice: '100',
          discount: null,
          description: 'Poda',
          satProductKey: null,
          invoiceUuid: null,
          transferred: [{ taxCode: '002', rate: '0.16', amount: '32.00' }],
          retained: [],
        },
      ],
      subtotal: '200.00',
      total: '232.00',
      cfdiIds: [],
    });
  });
});
