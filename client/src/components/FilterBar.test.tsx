// The filter bar keeps every filter in the query string: the primary one typed in sight, the others
// behind «Filtros», each active one a chip that removes it; page back to 1, page_size kept.
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { MemoryRouter, useLocation } from 'react-router';
import '../i18n/all.js';
import { activeFilters, FilterBar, type FilterDef } from './FilterBar.js';
import { searchWithoutFilters } from './paging.js';

const FILTERS: FilterDef[] = [
  { key: 'catastral', label: 'Clave catastral' },
  { key: 'lot', label: 'Lote' },
  {
    key: 'house_status',
    label: 'Estado',
    options: [
      { value: 'ACTIVE', label: 'Activa' },
      { value: 'BLOCKED', label: 'Bloqueada' },
    ],
  },
];

function Search() {
  return <output data-testid="search">{useLocation().search}</output>;
}

function renderBar(search: string) {
  render(
    <MantineProvider>
      <MemoryRouter initialEntries={[`/owners${search}`]}>
        <FilterBar filters={FILTERS} primary="catastral" />
        <Search />
      </MemoryRouter>
    </MantineProvider>,
  );
  return () => new URLSearchParams(screen.getByTestId('search').textContent ?? '');
}

describe('FilterBar', () => {
  it('shows the other active filters as chips with their option labels; a chip removes only its filter', () => {
    const search = renderBar('?page=3&page_size=50&catastral=OLV&lot=7&house_status=BLOCKED');
    expect(screen.getByLabelText('Clave catastral')).toHaveProperty('value', 'OLV');
    expect(screen.queryByLabelText('Lote')).toBeNull();
    expect(screen.getByTestId('filter-chip-house_status').textContent).toBe('Estado: Bloqueada');
    expect(screen.getByTestId('filter-chip-lot').textContent).toBe('Lote: 7');
    expect(screen.queryByTestId('filter-chip-catastral')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Quitar el filtro Estado' }));
    expect(Object.fromEntries(search())).toEqual({ page: '1', page_size: '50', catastral: 'OLV', lot: '7' });
    expect(screen.queryByTestId('filter-chip-house_status')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Limpiar filtros' }));
    expect(Object.fromEntries(search())).toEqual({ page: '1', page_size: '50' });
    expect(screen.getByLabelText('Clave catastral')).toHaveProperty('value', '');
  });

  it('opens the other filters behind «Filtros» and puts what is typed in the query string', async () => {
    const search = renderBar('?page=2&page_size=10');
    fireEvent.click(screen.getByRole('button', { name: 'Filtros' }));
    const lot = await screen.findByLabelText('Lote');
    fireEvent.change(lot, { target: { value: ' 12 ' } });
    await waitFor(() => expect(search().get('lot')).toBe('12'));
    expect(search().get('page')).toBe('1');
    expect(search().get('page_size')).toBe('10');
    fireEvent.change(screen.getByLabelText('Clave catastral'), { target: { value: 'olv-01' } });
    await waitFor(() => expect(search().get('catastral')).toBe('olv-01'));
  });

  it('applies a search with a minimum length only from that length on, and says so until then', async () => {
    render(
      <MantineProvider>
        <MemoryRouter initialEntries={['/owners?page=2&search=olv']}>
          <FilterBar filters={[{ key: 'search', label: 'Buscar propiedad', minLength: 2, shortHint: 'Escribe al menos 2 caracteres' }]} primary="search" />
          <Search />
        </MemoryRouter>
      </MantineProvider>,
    );
    const search = () => new URLSearchParams(screen.getByTestId('search').textContent ?? '');
    const box = screen.getByLabelText('Buscar propiedad');
    fireEvent.change(box, { target: { value: 'o' } });
    // One character: the filter goes (the list is not filtered by it), the character stays in the box.
    await waitFor(() => expect(search().has('search')).toBe(false));
    expect(box).toHaveProperty('value', 'o');
    expect(screen.getByText('Escribe al menos 2 caracteres')).toBeTruthy();
    fireEvent.change(box, { target: { value: 'ol' } });
    await waitFor(() => expect(search().get('search')).toBe('ol'));
    expect(search().get('page')).toBe('1');
    expect(screen.queryByText('Escribe al menos 2 caracteres')).toBeNull();
  });

  it('reads the active filters and clears only its own keys', () => {
    const search = new URLSearchParams('catastral=%20&lot=3&house_status=GONE&other=x&page_size=20');
    expect(activeFilters(search, FILTERS).map((a) => [a.def.key, a.text])).toEqual([
      ['lot', '3'],
      ['house_status', 'GONE'],
    ]);
    expect(
      searchWithoutFilters(
        search,
        FILTERS.map((def) => def.key),
      ).toString(),
    ).toBe('other=x&page_size=20&page=1');
  });
});
