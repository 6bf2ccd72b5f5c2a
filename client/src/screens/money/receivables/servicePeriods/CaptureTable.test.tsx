import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import '../../../../i18n/all.js';
import { type CaptureRow, consumption, SAVE_DELAY_MS, type SaveItem, type SaveResult } from './capture.js';
import { CaptureTable } from './CaptureTable.js';

const rows: CaptureRow[] = [
  { houseId: 'h1', houseLabel: 'Casa 1', previous: '100', measurement: null, edited: false },
  { houseId: 'h2', houseLabel: 'Casa 2', previous: '250.5', measurement: '260', edited: true },
  { houseId: 'h3', houseLabel: 'Casa 3', previous: '80', measurement: null, edited: false },
];

function setup(save: (items: SaveItem[]) => Promise<SaveResult>) {
  render(
    <MantineProvider>
      <CaptureTable rows={rows} save={save} />
    </MantineProvider>,
  );
  return (house: string) => screen.getByLabelText(`Lectura de ${house}`) as HTMLInputElement;
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('consumption', () => {
  it('is the reading minus the previous one, exact in decimals, and nothing while blank or not a number', () => {
    expect(consumption('250.5', '260')).toBe('9.5');
    expect(consumption('0.1', '0.3')).toBe('0.2');
    expect(consumption('100', '1,100')).toBe('1000');
    expect(consumption('100', '90')).toBe('-10');
    expect(consumption('100', '')).toBeNull();
    expect(consumption('100', '12a')).toBeNull();
  });
});

describe('CaptureTable', () => {
  it('Enter and ↓ go to the next house, ↑ to the previous one; consumption shows while typing', () => {
    const input = setup(async () => ({ ok: true, errors: [] }));
    input('Casa 1').focus();
    fireEvent.change(input('Casa 1'), { target: { value: '112.25' } });
    expect(within(screen.getByTestId('capture-row-Casa 1')).getByTestId('consumption').textContent).toBe('12.25');
    expect(within(screen.getByTestId('capture-row-Casa 1')).getByTestId('edited-marker').textContent).toBe('Sin guardar');
    fireEvent.keyDown(input('Casa 1'), { key: 'Enter' });
    expect(document.activeElement).toBe(input('Casa 2'));
    fireEvent.keyDown(input('Casa 2'), { key: 'ArrowDown' });
    expect(document.activeElement).toBe(input('Casa 3'));
    fireEvent.keyDown(input('Casa 3'), { key: 'ArrowUp' });
    expect(document.activeElement).toBe(input('Casa 2'));
    // The reading the server already had shows as edited.
    expect(within(screen.getByTestId('capture-row-Casa 2')).getByTestId('edited-marker').textContent).toBe('Editada');
  });

  it('saves the changed rows together once typing stops, and one save at a time', async () => {
    const calls: SaveItem[][] = [];
    let finish: (r: SaveResult) => void = () => {};
    const save = vi.fn((items: SaveItem[]) => {
      calls.push(items);
      return new Promise<SaveResult>((resolve) => {
        finish = resolve;
      });
    });
    const input = setup(save);
    fireEvent.change(input('Casa 1'), { target: { value: '110' } });
    act(() => vi.advanceTimersByTime(SAVE_DELAY_MS / 2));
    fireEvent.change(input('Casa 3'), { target: { value: '95' } });
    // Typed back to what the server has: nothing to send for it.
    fireEvent.change(input('Casa 2'), { target: { value: '261' } });
    fireEvent.change(input('Casa 2'), { target: { value: '260' } });
    expect(screen.getByTestId('save-state').textContent).toBe('Cambios sin guardar…');
    expect(save).not.toHaveBeenCalled();
    await act(async () => {
      vi.advanceTimersByTime(SAVE_DELAY_MS);
    });
    expect(calls).toEqual([
      [
        { houseId: 'h1', measurement: '110' },
        { houseId: 'h3', measurement: '95' },
      ],
    ]);
    expect(screen.getByTestId('save-state').textContent).toBe('Guardando…');
    // Typed while the first save is in flight: waits for it, then goes alone.
    fireEvent.change(input('Casa 1'), { target: { value: '111' } });
    await act(async () => {
      vi.advanceTimersByTime(SAVE_DELAY_MS * 2);
    });
    expect(calls).toHaveLength(1);
    await act(async () => {
      finish({ ok: true, errors: [] });
    });
    expect(calls[1]).toEqual([{ houseId: 'h1', measurement: '111' }]);
    await act(async () => {
      finish({ ok: true, errors: [] });
    });
    expect(screen.getByTestId('save-state').textContent).toBe('Guardado');
  });

  it("shows the server's error beside its row and sends the other rows again without it (the server keeps all or none)", async () => {
    // As the server: one reading below the previous one refuses the whole request, naming it.
    const save = vi.fn(
      async (items: SaveItem[]): Promise<SaveResult> => ({
        ok: true,
        errors: items
          .filter((i) => i.houseId === 'h3' && Number(i.measurement) < 80)
          .map((i) => ({ houseId: i.houseId, message: 'La medición de Casa 3 (70) no puede ser menor que la anterior (80)' })),
      }),
    );
    const input = setup(save);
    fireEvent.change(input('Casa 1'), { target: { value: '120' } });
    fireEvent.change(input('Casa 3'), { target: { value: '70' } });
    expect(within(screen.getByTestId('capture-row-Casa 3')).getByTestId('consumption').textContent).toBe('-10');
    await act(async () => {
      vi.advanceTimersByTime(SAVE_DELAY_MS);
    });
    expect(save.mock.calls.map(([items]) => items)).toEqual([
      [
        { houseId: 'h1', measurement: '120' },
        { houseId: 'h3', measurement: '70' },
      ],
      [{ houseId: 'h1', measurement: '120' }],
    ]);
    expect(screen.getByText('La medición de Casa 3 (70) no puede ser menor que la anterior (80)')).toBeTruthy();
    expect(screen.getByTestId('save-state').textContent).toBe('Hay lecturas sin guardar: revisa los errores');
    // Another row typed meanwhile goes alone: the refused one waits for its own change.
    fireEvent.change(input('Casa 2'), { target: { value: '270' } });
    await act(async () => {
      vi.advanceTimersByTime(SAVE_DELAY_MS);
    });
    expect(save).toHaveBeenLastCalledWith([{ houseId: 'h2', measurement: '270' }]);
    fireEvent.change(input('Casa 3'), { target: { value: '85' } });
    expect(screen.queryByText(/no puede ser menor/)).toBeNull();
    await act(async () => {
      vi.advanceTimersByTime(SAVE_DELAY_MS);
    });
    expect(save).toHaveBeenLastCalledWith([{ houseId: 'h3', measurement: '85' }]);
    expect(screen.getByTestId('save-state').textContent).toBe('Guardado');
  });

  it('refuses text that is not a reading without sending it', async () => {
    const save = vi.fn(async () => ({ ok: true, errors: [] }));
    const input = setup(save);
    fireEvent.change(input('Casa 1'), { target: { value: '12.3456' } });
    await act(async () => {
      vi.advanceTimersByTime(SAVE_DELAY_MS);
    });
    expect(save).not.toHaveBeenCalled();
    expect(screen.getByText('Escribe una lectura numérica, con hasta tres decimales')).toBeTruthy();
  });

  it('a failed call keeps the rows pending and sends them again with the next change', async () => {
    const save = vi.fn(async (): Promise<SaveResult> => ({ ok: false, errors: [], message: 'El periodo no está en captura' }));
    const input = setup(save);
    fireEvent.change(input('Casa 1'), { target: { value: '101' } });
    await act(async () => {
      vi.advanceTimersByTime(SAVE_DELAY_MS);
    });
    expect(screen.getByTestId('save-state').textContent).toBe('El periodo no está en captura');
    fireEvent.change(input('Casa 3'), { target: { value: '81' } });
    await act(async () => {
      vi.advanceTimersByTime(SAVE_DELAY_MS);
    });
    expect(save).toHaveBeenLastCalledWith([
      { houseId: 'h1', measurement: '101' },
      { houseId: 'h3', measurement: '81' },
    ]);
  });
});

describe('houseSearch', () => {
  it('keeps the house filter within what the server takes', async () => {
    const { houseSearch } = await import('./routes.js');
    expect(houseSearch(new URLSearchParams('house=%20A-1%20'))).toBe('A-1');
    expect(houseSearch(new URLSearchParams('house=a%00b'))).toBe('ab');
    expect(houseSearch(new URLSearchParams(`house=${'x'.repeat(10_000)}`))?.length).toBe(100);
    expect(houseSearch(new URLSearchParams(''))).toBeNull();
  });
});
