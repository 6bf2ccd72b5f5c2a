// The dashboard's nivo charts, a chunk of their own (nivo, d3 and react-spring are most of the dashboard's
// code): Charts.tsx loads it after the dashboard's first paint and draws each chart in its box. Each follows
// its card's width (nivo's Responsive* components redraw on window resize). Colours come from the app's
// Mantine theme.
import { Box, Group, Paper, Text, useMantineTheme } from '@mantine/core';
import { ResponsiveBar } from '@nivo/bar';
import { ResponsiveLine } from '@nivo/line';
import { useTranslation } from 'react-i18next';
import { compactPesos, formatMonth, formatPesos, monthShort } from '../../../format.js';
import type { DebtBar, IncomePoint, OutcomeBar } from './Charts.js';

function useNivoTheme() {
  const theme = useMantineTheme();
  return {
    text: { fontSize: 12, fill: theme.colors.gray[7], fontFamily: theme.fontFamily },
    axis: {
      ticks: { text: { fontSize: 11, fill: theme.colors.gray[6] }, line: { stroke: theme.colors.gray[3] } },
      domain: { line: { stroke: 'transparent' } },
    },
    grid: { line: { stroke: theme.colors.gray[2], strokeDasharray: '3 3' } },
    crosshair: { line: { stroke: theme.colors.gray[5] } },
  };
}

function Tip({ title, lines }: { title: string; lines: { color?: string; label: string; value: string }[] }) {
  return (
    <Paper shadow="md" p="xs" radius="sm" withBorder style={{ whiteSpace: 'nowrap' }}>
      <Text size="xs" fw={700} mb={2}>
        {title}
      </Text>
      {lines.map((l) => (
        <Group key={l.label} gap={6} wrap="nowrap">
          {l.color && <Box w={10} h={10} style={{ background: l.color, borderRadius: 2 }} />}
          <Text size="xs" c="dimmed">
            {l.label}
          </Text>
          <Text size="xs" fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
            {l.value}
          </Text>
        </Group>
      ))}
    </Paper>
  );
}

/** Monthly incomes: an area line of the last 12 months. */
export function IncomesChart({ months, compact }: { months: readonly IncomePoint[]; compact: boolean }) {
  const { t } = useTranslation();
  const theme = useMantineTheme();
  const nivo = useNivoTheme();
  const color = theme.colors.blue[6];
  const data = [{ id: 'incomes', data: months.map((m) => ({ x: m.month, y: Number(m.amount), amount: m.amount, payments: m.payments })) }];
  return (
    <ResponsiveLine
      data={data}
      theme={nivo}
      colors={[color]}
      margin={{ top: 12, right: 16, bottom: 32, left: 56 }}
      xScale={{ type: 'point' }}
      yScale={{ type: 'linear', min: 0, max: 'auto', nice: true }}
      curve="monotoneX"
      enableArea
      areaOpacity={0.12}
      lineWidth={3}
      pointSize={7}
      pointColor="#fff"
      pointBorderWidth={2}
      pointBorderColor={{ from: 'seriesColor' }}
      enableGridX={false}
      axisLeft={{ tickSize: 0, tickPadding: 8, tickValues: 4, format: (v) => compactPesos(Number(v)) }}
      axisBottom={{
        tickSize: 0,
        tickPadding: 10,
        format: (v) => monthShort(String(v)),
        tickValues: compact ? months.filter((_, i) => i % 2 === 1).map((m) => m.month) : undefined,
      }}
      useMesh
      tooltip={({ point }) => {
        const p = point.data as unknown as { x: string; amount: string; payments: number };
        return (
          <Tip
            title={formatMonth(p.x)}
            lines={[{ color, label: '', value: t('dashboard.money.incomes.tooltip', { amount: formatPesos(p.amount), count: p.payments }) }]}
          />
        );
      }}
      role="presentation"
    />
  );
}

/** Monthly outcomes: charged against paid per concept, grouped bars (horizontal on a phone). */
export function OutcomesChart({ concepts, compact, horizontal }: { concepts: readonly OutcomeBar[]; compact: boolean; horizontal: boolean }) {
  const { t } = useTranslation();
  const theme = useMantineTheme();
  const nivo = useNivoTheme();
  const charged = t('dashboard.money.outcomes.charged');
  const paid = t('dashboard.money.outcomes.paid');
  const colors = { [charged]: theme.colors.indigo[2], [paid]: theme.colors.indigo[7] };
  const label = (c: OutcomeBar) => c.concept || t('dashboard.money.outcomes.noConcept');
  const data = concepts.map((c, i) => ({ concept: label(c), [charged]: Number(c.amountCharged), [paid]: Number(c.amountPaid), row: i }));
  // Horizontal bars read from the bottom: the largest concept goes on top.
  if (horizontal) data.reverse();
  const short = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
  return (
    <ResponsiveBar
      data={data}
      keys={[charged, paid]}
      indexBy="concept"
      groupMode="grouped"
      layout={horizontal ? 'horizontal' : 'vertical'}
      theme={nivo}
      margin={horizontal ? { top: 8, right: 16, bottom: 28, left: compact ? 104 : 160 } : { top: 12, right: 16, bottom: 48, left: 56 }}
      padding={0.28}
      innerPadding={3}
      borderRadius={3}
      colors={({ id }) => colors[String(id)] ?? theme.colors.gray[5]}
      valueScale={{ type: 'linear', nice: true }}
      enableLabel={false}
      enableGridX={horizontal}
      enableGridY={!horizontal}
      axisLeft={
        horizontal
          ? { tickSize: 0, tickPadding: 8, format: (v) => short(String(v), compact ? 14 : 22) }
          : { tickSize: 0, tickPadding: 8, tickValues: 4, format: (v) => compactPesos(Number(v)) }
      }
      axisBottom={
        horizontal
          ? { tickSize: 0, tickPadding: 8, tickValues: 4, format: (v) => compactPesos(Number(v)) }
          : { tickSize: 0, tickPadding: 10, format: (v) => short(String(v), 16) }
      }
      tooltip={({ data: row }) => {
        const source = concepts[Number(row.row)]!;
        return (
          <Tip
            title={label(source)}
            lines={[
              { color: colors[charged], label: charged, value: formatPesos(source.amountCharged) },
              { color: colors[paid], label: paid, value: formatPesos(source.amountPaid) },
            ]}
          />
        );
      }}
      role="presentation"
    />
  );
}

/** Debts: a horizontal bar per key, the oldest debts in the strongest red. */
export function DebtsChart({ stats, compact }: { stats: readonly DebtBar[]; compact: boolean }) {
  const { t } = useTranslation();
  const theme = useMantineTheme();
  const nivo = useNivoTheme();
  const palette = [theme.colors.yellow[5], theme.colors.orange[5], theme.colors.orange[7], theme.colors.red[6], theme.colors.red[8], theme.colors.grape[6]];
  // Horizontal bars read from the bottom: the first key goes on top.
  const rows = [...stats].reverse().map((s) => ({ key: s.label, amount: Number(s.amount) }));
  const colorOf = (key: string) => {
    const i = stats.findIndex((s) => s.label === key);
    return stats.length <= palette.length ? palette[i]! : theme.colors.red[Math.min(9, 3 + Math.floor((i / stats.length) * 6))]!;
  };
  return (
    <ResponsiveBar
      data={rows}
      keys={['amount']}
      indexBy="key"
      layout="horizontal"
      theme={nivo}
      margin={{ top: 4, right: compact ? 56 : 84, bottom: 28, left: compact ? 108 : 132 }}
      padding={0.3}
      borderRadius={3}
      colors={({ indexValue }) => colorOf(String(indexValue))}
      valueScale={{ type: 'linear', nice: true }}
      enableGridY={false}
      enableGridX
      axisLeft={{ tickSize: 0, tickPadding: 8, format: (v) => (String(v).length > 16 ? `${String(v).slice(0, 15)}…` : String(v)) }}
      axisBottom={{ tickSize: 0, tickPadding: 8, tickValues: compact ? 3 : 4, format: (v) => compactPesos(Number(v)) }}
      enableTotals
      totalsOffset={6}
      valueFormat={(v) => compactPesos(v)}
      enableLabel={false}
      tooltip={({ data: row }) => {
        const s = stats.find((x) => x.label === row.key)!;
        return (
          <Tip
            title={s.label}
            lines={[{ color: colorOf(s.label), label: t('dashboard.money.debts.houses', { count: s.houses }), value: formatPesos(s.amount) }]}
          />
        );
      }}
      role="presentation"
    />
  );
}
