// The dashboard's charts as the money widgets place them. Each is painted 500 ms after it mounts (spec 2
// "Dashboard money widgets") in a box of its final height, and is remounted by its parent when the community
// changes. Their code (nivo, d3, react-spring: NivoCharts.tsx) is a chunk of its own, asked for after the
// dashboard's first paint: the figures and lists show without it, and the box keeps a skeleton of the
// chart's size until both the 500 ms and the code are there, so nothing moves when a chart arrives.
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { Box, Skeleton } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface IncomePoint {
  month: string;
  amount: string;
  payments: number;
}

export interface OutcomeBar {
  concept: string;
  amountCharged: string;
  amountPaid: string;
}

export interface DebtBar {
  key: string;
  label: string;
  amount: string;
  houses: number;
}

let nivo: ReturnType<typeof loadNivo> | undefined;
function loadNivo() {
  return import('./NivoCharts.js');
}
const nivoCharts = () => {
  nivo ??= loadNivo();
  return nivo;
};

const Nivo = {
  Incomes: lazy(() => nivoCharts().then((m) => ({ default: m.IncomesChart }))),
  Outcomes: lazy(() => nivoCharts().then((m) => ({ default: m.OutcomesChart }))),
  Debts: lazy(() => nivoCharts().then((m) => ({ default: m.DebtsChart }))),
};

/** False for the first `delay` ms after mounting. */
export function usePainted(delay = 500) {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    const id = window.setTimeout(() => setPainted(true), delay);
    return () => window.clearTimeout(id);
  }, [delay]);
  return painted;
}

/** Asks for the charts' code once the page has painted (the frame after mounting), not before. */
function useChartCodeAfterPaint() {
  useEffect(() => {
    let timer = 0;
    const frame = window.requestAnimationFrame(() => {
      timer = window.setTimeout(() => void nivoCharts(), 0);
    });
    return () => {
      window.cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, []);
}

/** A chart's box: a skeleton of the chart's height until painted and its code loaded, then the chart. */
export function ChartBox({ height, label, children, testId }: { height: number; label: string; children: ReactNode; testId: string }) {
  const painted = usePainted();
  useChartCodeAfterPaint();
  const placeholder = <Skeleton h={height} radius="md" />;
  return (
    <Box h={height} role="img" aria-label={label} data-testid={testId} data-painted={painted || undefined} style={{ minWidth: 0 }}>
      {painted ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder}
    </Box>
  );
}

/** Monthly incomes: an area line of the last 12 months. */
export function IncomesChart({ months, compact }: { months: readonly IncomePoint[]; compact: boolean }) {
  const { t } = useTranslation();
  return (
    <ChartBox height={compact ? 220 : 260} label={t('dashboard.money.incomes.chart')} testId="incomes-chart">
      <Nivo.Incomes months={months} compact={compact} />
    </ChartBox>
  );
}

/** Monthly outcomes: charged against paid per concept, grouped bars (horizontal on a phone or past 6 concepts). */
export function OutcomesChart({ concepts, compact }: { concepts: readonly OutcomeBar[]; compact: boolean }) {
  const { t } = useTranslation();
  const horizontal = compact || concepts.length > 6;
  const height = horizontal ? Math.max(200, concepts.length * 56 + 48) : 300;
  return (
    <ChartBox height={height} label={t('dashboard.money.outcomes.chart')} testId="outcomes-chart">
      <Nivo.Outcomes concepts={concepts} compact={compact} horizontal={horizontal} />
    </ChartBox>
  );
}

/** Debts: a horizontal bar per key, the oldest debts in the strongest red. */
export function DebtsChart({ stats, compact }: { stats: readonly DebtBar[]; compact: boolean }) {
  const { t } = useTranslation();
  return (
    <ChartBox height={Math.max(180, stats.length * 40 + 40)} label={t('dashboard.money.debts.chart')} testId="debts-chart">
      <Nivo.Debts stats={stats} compact={compact} />
    </ChartBox>
  );
}
