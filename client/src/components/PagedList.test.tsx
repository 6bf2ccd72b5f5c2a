// On phones PagedList shows the rows of its table as cards: each cell carries its column's name
// (data-label, from the header), kept right when the rows change.
import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { MantineProvider, Table } from '@mantine/core';
import { MemoryRouter } from 'react-router';
import '../i18n/all.js';
import { PagedList } from './PagedList.js';

function List({ rows }: { rows: string[] }) {
  return (
    <MantineProvider>
      <MemoryRouter initialEntries={['/owners']}>
        <PagedList totalCount={rows.length}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Propiedad</Table.Th>
                <Table.Th colSpan={2}>Propietario</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row}>
                  <Table.Td>{row}</Table.Td>
                  <Table.Td>Nombre</Table.Td>
                  <Table.Td>Correo</Table.Td>
                  <Table.Td>
                    <button type="button">Acciones</button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </PagedList>
      </MemoryRouter>
    </MantineProvider>
  );
}

const labels = (row: string) => Array.from(screen.getByText(row).closest('tr')!.cells).map((cell) => cell.getAttribute('data-label'));

describe('PagedList on phones', () => {
  it("labels every cell with its column's header, across a column span and when new rows arrive", async () => {
    const { rerender } = render(<List rows={[]} />);
    expect(screen.getByText('No hay registros')).toBeTruthy();
    rerender(<List rows={['OLV-01']} />);
    expect(labels('OLV-01')).toEqual(['Propiedad', 'Propietario', '', '']);
    rerender(<List rows={['OLV-01', 'OLV-02']} />);
    await waitFor(() => expect(labels('OLV-02')).toEqual(['Propiedad', 'Propietario', '', '']));
  });
});
