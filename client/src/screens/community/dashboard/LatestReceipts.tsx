// The money dashboard's lists of receipts: the latest paid and those waiting for review, each row a link
// to the receipt when the user may open it.
import { Badge, Box, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MoneyDashboard_query$data } from '../../../__generated__/MoneyDashboard_query.graphql';
import { formatDate, formatPesos } from '../../../format.js';
import { amountStyle, Card, Empty } from './moneyCards.js';

type Data = MoneyDashboard_query$data['dashboard'];
type PaidList = NonNullable<Data['latestPaidReceipts']>;
type ReviewList = NonNullable<Data['latestInReviewReceipts']>;

function Row({ to, title, detail, amount }: { to: string | null; title: string; detail: string; amount: string }) {
  const content = (
    <Group justify="space-between" wrap="nowrap" gap="sm" py={8} px="xs">
      <Box miw={0}>
        <Text size="sm" fw={600} truncate>
          {title}
        </Text>
        <Text size="xs" c="dimmed" truncate>
          {detail}
        </Text>
      </Box>
      <Text size="sm" fw={700} style={amountStyle}>
        {formatPesos(amount)}
      </Text>
    </Group>
  );
  return to ? (
    <UnstyledButton component={Link} to={to} className="dashboard-row" style={{ display: 'block', borderRadius: 'var(--mantine-radius-sm)' }}>
      {content}
    </UnstyledButton>
  ) : (
    content
  );
}

export function LatestPaid({ list, opens }: { list: PaidList; opens: (path: string) => boolean }) {
  const { t } = useTranslation();
  const link = (r: PaidList['receipts'][number]) => `/houses/${r.houseDatabaseId}/receipts/${r.databaseId}`;
  return (
    <Card
      testId="latest-paid"
      title={t('dashboard.money.latestPaid.title')}
      action={
        list.totalCount > 0 ? (
          <Text size="xs" c="dimmed">
            {t('dashboard.money.latestPaid.count', { count: list.totalCount })}
          </Text>
        ) : undefined
      }
    >
      {list.receipts.length === 0 ? (
        <Empty>{t('dashboard.money.latestPaid.empty')}</Empty>
      ) : (
        <Stack gap={0} style={{ marginInline: 'calc(var(--mantine-spacing-xs) * -1)' }}>
          {list.receipts.map((r) => (
            <Row
              key={r.id}
              to={opens('/houses/:houseId/receipts/:receiptId') ? link(r) : null}
              title={`${r.houseLabel} · ${r.description}`}
              detail={[r.paymentDate ? formatDate(r.paymentDate) : null, r.paymentMethod ? t(`dashboard.money.methods.${r.paymentMethod}`) : null]
                .filter(Boolean)
                .join(' · ')}
              amount={(r.transactionTotal ?? r.amount) as string}
            />
          ))}
        </Stack>
      )}
    </Card>
  );
}

export function InReview({ list, opens }: { list: ReviewList; opens: (path: string) => boolean }) {
  const { t } = useTranslation();
  return (
    <Card
      testId="in-review"
      title={t('dashboard.money.inReview.title')}
      action={
        list.totalCount > 0 ? (
          <Badge color="orange" variant="light">
            {t('dashboard.money.inReview.count', { count: list.totalCount })}
          </Badge>
        ) : undefined
      }
    >
      {list.receipts.length === 0 ? (
        <Empty>{t('dashboard.money.inReview.empty')}</Empty>
      ) : (
        <Stack gap={0} style={{ marginInline: 'calc(var(--mantine-spacing-xs) * -1)' }}>
          {list.receipts.map((r) => (
            <Row
              key={r.id}
              to={opens('/receipts/:receiptId/review') ? `/receipts/${r.databaseId}/review` : null}
              title={`${r.houseLabel} · ${r.description}`}
              detail={`${t('dashboard.money.inReview.review')} · ${t('dashboard.owner.due', { date: formatDate(r.dueDate) })}`}
              amount={r.amount as string}
            />
          ))}
        </Stack>
      )}
    </Card>
  );
}
