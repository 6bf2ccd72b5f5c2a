import { describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import '../../../../i18n/all.js';
import { CancelCfdiDialog } from './CancelCfdiDialog.js';
import { type CfdiRow, CfdiTable } from './CfdiTable.js';
import { CfdiSummary } from './CfdiSummary.js';

const wrap = (node: ReactNode) =>
  render(
    <MantineProvider>
      <MemoryRouter>{node}</MemoryRouter>
    </MantineProvider>,
  );

const UUID = '5f0e6a4c-1b2d-4c3e-9f8a-7b6c5d4e3f2a';
const row = (fields: Partial<CfdiRow> = {}): CfdiRow => ({
  id: `Cfdi:${fields.databaseId ?? 1}`,
  databaseId: 1,
  kind: 'RECEIPT',
  status: 'STAMPED',
  serie: 'A',
  folio: '1',
  uuid: UUID,
  receiverRfc: 'RUMP800101AB1',
  receiverName: 'Patricia Ruiz Méndez',
  total: '1500',
  date: '2026-11-10T18:00:00.000Z',
  errorDescription: null,
  hasXml: true,
  hasPdf: true,
  globalYear: null,
  globalMonth: null,
  receipt: { databaseId: 42, houseDatabaseId: 7 },
  receiptsCount: 1,
  substitutesFolio: null,
  substitutedByFolio: null,
  ...fields,
});

const ALL = { generate: true, cancel: true, replacePdf: true };
const handlers = () => ({ onDownload: vi.fn(), onRetry: vi.fn(), onCancel: vi.fn(), onReplacePdf: vi.fn() });

describe('CFDI list rows', () => {
  it('shows each status in Spanish with its actions: links only for existing files, retry on errors, cancel on stamped', () => {
    const h = handlers();
    wrap(
      <CfdiTable
        rows={[
          row(),
          row({ databaseId: 2, status: 'PENDING', uuid: null, hasXml: false, hasPdf: false }),
          row({
            databaseId: 3,
            status: 'ERROR',
            uuid: null,
            hasXml: false,
            hasPdf: false,
            errorDescription: 'CFDI40147 - El RFC del receptor no está en la lista de RFC inscritos',
          }),
          row({ databaseId: 4, status: 'ERROR', uuid: null, hasXml: false, hasPdf: false, errorDescription: null }),
          row({ databaseId: 5, status: 'CANCELLED', hasPdf: true, hasXml: true, substitutedByFolio: 'A-6' }),
        ]}
        may={ALL}
        {...h}
      />,
    );
    const r = (id: number) => within(screen.getByTestId(`cfdi-${id}`));
    expect(r(1).getByTestId('cfdi-status').textContent).toBe('Timbrada');
    expect(r(1).getByText('A-1')).toBeTruthy();
    expect(r(1).getByTestId('cfdi-uuid').textContent).toBe(UUID);
    expect(r(1).getByText('RUMP800101AB1')).toBeTruthy();
    expect(r(1).getByText('$1,500.00')).toBeTruthy();
    expect(r(1).getByText('10/11/2026')).toBeTruthy();
    expect(r(1).getByRole('link', { name: 'Recibo #42' }).getAttribute('href')).toBe('/houses/7/receipts/42');
    expect(r(1).getByRole('button', { name: 'XML A-1' })).toBeTruthy();
    expect(r(1).getByRole('button', { name: 'Cancelar' })).toBeTruthy();
    expect(r(1).getByRole('button', { name: 'Reemplazar PDF' })).toBeTruthy();
    expect(r(1).queryByRole('button', { name: 'Reintentar' })).toBeNull();

    expect(r(2).getByTestId('cfdi-status').textContent).toBe('Pendiente');
    expect(r(2).getByTestId('cfdi-uuid').textContent).toBe('Sin timbrar');
    expect(r(2).queryAllByRole('button')).toHaveLength(0);

    expect(r(3).getByTestId('cfdi-status').textContent).toBe('Error');
    expect(r(3).getByTestId('cfdi-error').textContent).toBe('CFDI40147 - El RFC del receptor no está en la lista de RFC inscritos');
    expect(r(3).queryByRole('button', { name: /XML|PDF/ })).toBeNull();
    expect(r(3).queryByRole('button', { name: 'Cancelar' })).toBeNull();
    fireEvent.click(r(3).getByRole('button', { name: 'Reintentar' }));
    expect(h.onRetry).toHaveBeenCalledWith(expect.objectContaining({ databaseId: 3 }));

    expect(r(4).getByTestId('cfdi-error').textContent).toBe('No logramos generar tu CFDi');

    expect(r(5).getByTestId('cfdi-status').textContent).toBe('Cancelada');
    expect(r(5).getByText('Sustituida por A-6')).toBeTruthy();
    expect(r(5).queryByRole('button', { name: 'Cancelar' })).toBeNull();
    expect(r(5).queryByRole('button', { name: 'Reemplazar PDF' })).toBeNull();
    fireEvent.click(r(5).getByRole('button', { name: 'PDF A-1' }));
    expect(h.onDownload).toHaveBeenCalledWith(expect.objectContaining({ databaseId: 5 }), 'pdf');

    fireEvent.click(r(1).getByRole('button', { name: 'Cancelar' }));
    expect(h.onCancel).toHaveBeenCalledWith(expect.objectContaining({ databaseId: 1 }));
  });

  it('without the grants only the document links remain', () => {
    wrap(
      <CfdiTable
        rows={[row(), row({ databaseId: 3, status: 'ERROR', uuid: null, hasXml: false, hasPdf: false })]}
        may={{ generate: false, cancel: false, replacePdf: false }}
        {...handlers()}
      />,
    );
    expect(
      within(screen.getByTestId('cfdi-1'))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['XML', 'PDF']);
    expect(within(screen.getByTestId('cfdi-3')).queryAllByRole('button')).toHaveLength(0);
  });

  it('a global invoice names its month and how many receipts it covers', () => {
    wrap(
      <CfdiTable
        rows={[
          row({
            kind: 'GLOBAL',
            receiverRfc: 'XAXX010101000',
            receiverName: 'PUBLICO EN GENERAL',
            globalYear: 2026,
            globalMonth: 10,
            receipt: null,
            receiptsCount: 12,
          }),
        ]}
        may={ALL}
        {...handlers()}
      />,
    );
    expect(screen.getByText('Periodo Octubre 2026')).toBeTruthy();
    expect(screen.getByText('12 recibos')).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('the summary shows every status, zero where there are none', () => {
    wrap(
      <CfdiSummary
        items={[
          { status: 'STAMPED', count: 3, total: '4500' },
          { status: 'ERROR', count: 1, total: '1500.5' },
        ]}
      />,
    );
    expect(within(screen.getByTestId('cfdi-summary-STAMPED')).getByText('3 facturas')).toBeTruthy();
    expect(within(screen.getByTestId('cfdi-summary-STAMPED')).getByText('$4,500.00')).toBeTruthy();
    expect(within(screen.getByTestId('cfdi-summary-ERROR')).getByText('1 factura')).toBeTruthy();
    expect(within(screen.getByTestId('cfdi-summary-ERROR')).getByText('$1,500.50')).toBeTruthy();
    expect(within(screen.getByTestId('cfdi-summary-CANCELLED')).getByText('0 facturas')).toBeTruthy();
    expect(within(screen.getByTestId('cfdi-summary-PENDING')).getByText('Pendiente')).toBeTruthy();
  });
});

describe('cancel dialog', () => {
  const cfdi = { folio: 'A-1', receiverRfc: 'RUMP800101AB1', receiverName: 'Patricia Ruiz Méndez' };

  it('asks for the motive first', () => {
    const onConfirm = vi.fn();
    wrap(<CancelCfdiDialog cfdi={cfdi} onClose={() => {}} onConfirm={onConfirm} />);
    expect(screen.getByText('Cancelar factura A-1')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar factura' }));
    expect(screen.getByText('Elige el motivo de la cancelación')).toBeTruthy();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('regenerate goes with motive 01: choosing either picks the other; 02–04 cancel without a new invoice', () => {
    const onConfirm = vi.fn();
    wrap(<CancelCfdiDialog cfdi={cfdi} onClose={() => {}} onConfirm={onConfirm} />);
    const regenerate = () => screen.getByRole('checkbox', { name: /Regenerar/ }) as HTMLInputElement;
    const motive = (name: RegExp) => screen.getByRole('radio', { name }) as HTMLInputElement;
    expect(regenerate().checked).toBe(false);
    fireEvent.click(motive(/01 Comprobante emitido con errores con relación/));
    expect(regenerate().checked).toBe(true);
    expect(regenerate().disabled).toBe(true);
    expect(screen.getByText('Con el motivo 01 se emite la factura que sustituye a esta, relacionada con ella.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar factura' }));
    expect(onConfirm).toHaveBeenLastCalledWith({ motive: '01', regenerate: true });

    fireEvent.click(motive(/02 Comprobante emitido con errores sin relación/));
    expect(regenerate().checked).toBe(false);
    expect(regenerate().disabled).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar factura' }));
    expect(onConfirm).toHaveBeenLastCalledWith({ motive: '02', regenerate: false });

    fireEvent.click(motive(/03 No se llevó a cabo la operación/));
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar factura' }));
    expect(onConfirm).toHaveBeenLastCalledWith({ motive: '03', regenerate: false });
    // Ticking «Regenerar» is choosing the substitution.
    fireEvent.click(regenerate());
    expect(motive(/^01/).checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar factura' }));
    expect(onConfirm).toHaveBeenLastCalledWith({ motive: '01', regenerate: true });

    expect(motive(/04 Operación nominativa relacionada en una factura global/)).toBeTruthy();
  });
});
