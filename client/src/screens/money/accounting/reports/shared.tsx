import { Paper, Stack, Table, Text, Title } from '@mantine/core';
import { formatPesos } from '../../../../format.js';

const NUM = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

export function Figure({ label, value, hint, strong }: { label: string; value: string; hint?: string; strong?: boolean }) {
  return (
    <Paper withBorder radius="md" p="sm" h="100%" bg={strong ? 'gray.0' : undefined} component="section" aria-label={label}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz="lg" c={value.startsWith('-') ? 'red.8' : undefined} style={NUM}>
        {formatPesos(value)}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Paper>
  );
}

export interface Line {
  readonly key: string;
  readonly label: string;
  readonly count: number;
  readonly amount: unknown;
}

/** A breakdown: label, movements and amount, with its total. */
export function Breakdown({
  title,
  lines,
  total,
  count,
  labels,
}: {
  title: string;
  lines: readonly Line[];
  total: string;
  count?: number;
  labels: { count: string; amount: string; total: string };
}) {
  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-label={title}>
      <Stack gap={6}>
        <Title order={3} fz="sm">
          {title}
        </Title>
        <Table verticalSpacing={4} fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th />
              <Table.Th ta="right">{labels.count}</Table.Th>
              <Table.Th ta="right">{labels.amount}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map((l) => (
              <Table.Tr key={l.key}>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{l.label}</Table.Td>
                <Table.Td ta="right" style={NUM}>
                  {l.count}
                </Table.Td>
                <Table.Td ta="right" c={String(l.amount).startsWith('-') ? 'red.8' : undefined} style={NUM}>
                  {formatPesos(l.amount as string)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th>{labels.total}</Table.Th>
              <Table.Th ta="right" style={NUM}>
                {count ?? lines.reduce((n, l) => n + l.count, 0)}
              </Table.Th>
              <Table.Th ta="right" style={NUM}>
                {formatPesos(total)}
              </Table.Th>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Stack>
    </Paper>
  );
}

export const numeric = NUM;
