import { Alert, Anchor, Badge, Box, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { graphql, usePreloadedQuery } from 'react-relay';
import { Link, Navigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { HouseDetailQuery } from '../../../__generated__/HouseDetailQuery.graphql';
import type { HouseStatus } from '../../../../../core/houseRules.js';
import { money } from '../../../../../core/money.js';
import type { ReceiptStatus } from '../../../../../core/receipts.js';
import { allowed, ROUTES } from '../../../routes.js';
import { formatDate, formatPeriod, formatPesos, monthShort } from '../../../format.js';
import { EmptyState } from '../../../components/EmptyState.js';
import { PageHeader } from '../../../components/PageHeader.js';
import { useSession } from '../../../components/SessionProvider.js';
import { HouseStatusBadge } from '../../../components/StatusBadge.js';
import type { ScreenProps } from '../../../router/screenRoute.js';
import { WalletPanel } from '../../money/receivables/receipts/WalletPanel.js';
import { RECEIPT_STATUS_COLORS } from '../../money/receivables/receipts/receiptTexts.js';

/** Pending receipts shown on the page; the rest are on the house's receipts list. */
export const PENDING_SHOWN = 5;

export const houseDetailQuery = graphql`
  query HouseDetailQuery($houseId: ID!) {
    house: node(id: $houseId) {
      ... on House {
        id
        databaseId
        label
        status
        catastral
        block
        lot
        exteriorNumber
        interiorNumber
        dimension
        parkingSpots
        houseTypeName
        streetName
        condominiumName
        mallName
        ownerHasAccount
        pendingOwnerEmail
        owner { firstName lastName email mobile landline }
        users { userDatabaseId firstName lastName email roleName roleKind }
        balance { ...WalletPanel_balance }
      }
    }
    houseStats(houseId: $houseId) {
      asOf
      pendingReceipts
      pendingAmount
      overdueReceipts
      overdueAmount
      oldestOverdueDueDate
      paidReceipts
      paidAmount
      paidOnTime
      lastPaymentDate
      walletsTotal
      position
      monthlyPayments { month amount payments }
    }
    pending: houseReceipts(houseId: $houseId, first: 5, filter: { group: PENDING }) {
      totalCount
      edges { node { id databaseId description year month dueDate amount status } }
    }
  }
`;

/** Where a link of the page goes: the administrator's route of this house, or the owner's route of its own house. */
interface PageLink {
  key: string;
  admin: string;
  own: string | null;
}

function pageLinks(houseId: string): PageLink[] {
  return [
    { key: 'receipts', admin: `/houses/${houseId}/receipts`, own: '/houses/receipts' },
    { key: 'payments', admin: `/houses/${houseId}/payments`, own: `/houses/${houseId}/payments` },
    { key: 'statements', admin: `/houses/${houseId}/statements`, own: '/houses/statements' },
    { key: 'residents', admin: `/houses/${houseId}/residents`, own: '/houses/residents' },
    { key: 'agreements', admin: `/owners/${houseId}/agreements`, own: '/houses/agreements' },
    { key: 'taxInfo', admin: `/houses/${houseId}/settings`, own: '/houses/settings' },
    { key: 'edit', admin: `/owners/edit/${houseId}`, own: null },
    { key: 'change', admin: `/owners/${houseId}/change`, own: null },
  ];
}

/** The route of the table a path opens (its parameters filled), to ask whether the viewer may open it. */
function routeOf(path: string) {
  const [pathname] = path.split('?');
  const parts = pathname!.split('/');
  return ROUTES.find((r) => {
    const pattern = r.path.split('/');
    return pattern.length === parts.length && pattern.every((p, i) => p.startsWith(':') || p === parts[i]) && !!r.screen;
  });
}

/**
 * /houses/{houseId}: the page of one house — its status and location, its owner and the people with an
 * account, its wallets, its figures (debt, overdue, payments, punctuality, the money paid per month), its
 * next pending receipts, and links to its receipts, payments, statement, residents, agreements and tax data
 * (each one only when the viewer may open it).
 */
export default function HouseDetail({ queryRef }: ScreenProps<HouseDetailQuery>) {
  const { houseId = '' } = useParams();
  if (!/^\d{1,10}$/.test(houseId)) return <Navigate to="/" replace />;
  return <HouseDetailView queryRef={queryRef} houseId={houseId} />;
}

function HouseDetailView({ queryRef, houseId }: ScreenProps<HouseDetailQuery> & { houseId: string }) {
  const { t } = useTranslation();
  const { grants, superAdmin, session } = useSession();
  const data = usePreloadedQuery<HouseDetailQuery>(houseDetailQuery, queryRef);
  const house = data.house?.id ? data.house : null;
  if (!house?.databaseId) return <Alert color="yellow">{t('houses.notFound')}</Alert>;
  const stats = data.houseStats;
  // A house user on its own house goes to the own-house routes; administrators to this house's.
  const own = !grants.has('AReceiptsRead') && session.house?.databaseId === house.databaseId;
  const links = pageLinks(houseId)
    .map((l) => ({ key: l.key, to: own ? l.own : l.admin }))
    .filter((l): l is { key: string; to: string } => {
      if (!l.to) return false;
      const route = routeOf(l.to);
      return !!route && allowed(route, grants, superAdmin);
    });
  const ownerName = house.owner ? [house.owner.firstName, house.owner.lastName].filter(Boolean).join(' ') : null;
  const location: [string, ReactNode][] = [
    [t('houses.fields.type'), house.houseTypeName],
    [t('houses.fields.street'), house.streetName],
    [t('houses.fields.exteriorNumber'), house.exteriorNumber],
    [t('houses.fields.interiorNumber'), house.interiorNumber],
    [t('houses.fields.block'), house.block],
    [t('houses.fields.lot'), house.lot],
    [t('houses.fields.condominium'), house.condominiumName],
    [t('houses.fields.mall'), house.mallName],
    [t('houses.fields.catastral'), house.catastral],
    [t('houses.fields.parkingSpots'), house.parkingSpots],
    [t('houses.fields.dimension'), house.dimension ? t('houses.squareMeters', { value: house.dimension }) : null],
  ].filter(([, v]) => v !== null && v !== undefined && v !== '') as [string, ReactNode][];
  const pendingRows = data.pending.edges.map((e) => e.node);
  const pendingCount = data.pending.totalCount ?? 0;
  const people = house.users ?? [];
  const maxMonth = Math.max(0, ...stats.monthlyPayments.map((m) => Number(m.amount)));
  const position = money(stats.position as string);

  return (
    <Stack>
      <PageHeader
        title={t('houses.title', { label: house.label })}
        description={house.catastral && house.catastral !== house.label ? t('houses.catastral', { key: house.catastral }) : null}
        secondary={grants.has('AHousesRead') ? { label: t('houses.toOwners'), to: '/owners' } : null}
      >
        <HouseStatusBadge status={house.status as HouseStatus} size="lg" />
      </PageHeader>
      {links.length > 0 && (
        <Group gap="md" wrap="wrap" component="nav" aria-label={t('houses.linksLabel')} data-testid="house-links">
          {links.map((l) => (
            <Anchor key={l.key} component={Link} to={l.to} size="sm">
              {t(`houses.links.${l.key}`)}
            </Anchor>
          ))}
        </Group>
      )}

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Paper withBorder radius="md" p="md" component="section" aria-label={t('houses.owner')}>
          <Title order={3} fz="md" mb="xs">
            {t('houses.owner')}
          </Title>
          {house.owner ? (
            <Stack gap={2}>
              <Group gap="xs">
                <Text fw={600}>{ownerName}</Text>
                <Badge variant="light" color={house.ownerHasAccount ? 'green' : 'gray'}>
                  {house.ownerHasAccount ? t('houses.accountActive') : t('houses.accountPending')}
                </Badge>
              </Group>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {house.owner.email}
              </Text>
              {house.owner.mobile && <Text size="sm">{t('houses.mobile', { phone: house.owner.mobile })}</Text>}
              {house.owner.landline && <Text size="sm">{t('houses.landline', { phone: house.owner.landline })}</Text>}
            </Stack>
          ) : (
            <Text size="sm" c="dimmed">
              {house.pendingOwnerEmail ? t('houses.ownerInvited', { email: house.pendingOwnerEmail }) : t('houses.noOwner')}
            </Text>
          )}
          <Title order={4} fz="sm" mt="md" mb={4}>
            {t('houses.people')}
          </Title>
          {people.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('houses.noPeople')}
            </Text>
          ) : (
            <Stack gap={4} data-testid="house-people">
              {people.map((u) => (
                <Group key={u.userDatabaseId} gap="xs" wrap="wrap">
                  <Text size="sm" fw={500}>
                    {[u.firstName, u.lastName].filter(Boolean).join(' ')}
                  </Text>
                  <Badge variant="outline" size="sm">
                    {u.roleName}
                  </Badge>
                  <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {u.email}
                  </Text>
                </Group>
              ))}
            </Stack>
          )}
        </Paper>
        <Paper withBorder radius="md" p="md" component="section" aria-label={t('houses.location')}>
          <Title order={3} fz="md" mb="xs">
            {t('houses.location')}
          </Title>
          <SimpleGrid cols={2} spacing={6} verticalSpacing={6}>
            {location.map(([label, value]) => (
              <Stack key={label} gap={0}>
                <Text size="xs" c="dimmed">
                  {label}
                </Text>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {value}
                </Text>
              </Stack>
            ))}
          </SimpleGrid>
        </Paper>
      </SimpleGrid>

      {house.balance && <WalletPanel balance={house.balance} houseId={own ? null : houseId} />}

      <Paper withBorder radius="md" p="md" component="section" aria-label={t('houses.stats.title')} data-testid="house-stats">
        <Title order={3} fz="md" mb="xs">
          {t('houses.stats.title')}
        </Title>
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm">
          <Figure
            label={t('houses.stats.pending')}
            value={formatPesos(stats.pendingAmount as string)}
            hint={t('houses.stats.receipts', { count: stats.pendingReceipts })}
          />
          <Figure
            label={t('houses.stats.overdue')}
            value={formatPesos(stats.overdueAmount as string)}
            color={stats.overdueReceipts > 0 ? 'red.7' : undefined}
            hint={
              stats.oldestOverdueDueDate
                ? t('houses.stats.overdueSince', { count: stats.overdueReceipts, date: formatDate(stats.oldestOverdueDueDate as string) })
                : t('houses.stats.receipts', { count: 0 })
            }
          />
          <Figure
            label={t('houses.stats.paid')}
            value={formatPesos(stats.paidAmount as string)}
            hint={t('houses.stats.receipts', { count: stats.paidReceipts })}
          />
          <Figure
            label={t('houses.stats.onTime')}
            value={stats.paidReceipts > 0 ? `${Math.round((stats.paidOnTime * 100) / stats.paidReceipts)} %` : '—'}
            hint={stats.paidReceipts > 0 ? t('houses.stats.onTimeHint', { count: stats.paidOnTime, total: stats.paidReceipts }) : undefined}
          />
          <Figure label={t('houses.stats.lastPayment')} value={stats.lastPaymentDate ? formatDate(stats.lastPaymentDate as string) : t('houses.stats.never')} />
          <Figure
            label={t('houses.stats.position')}
            value={formatPesos(position)}
            color={position.isNegative() ? 'red.7' : position.isZero() ? undefined : 'green.8'}
            hint={t('houses.stats.positionHint')}
          />
        </SimpleGrid>
        <Text size="sm" fw={500} mt="md" mb={4}>
          {t('houses.stats.monthly')}
        </Text>
        <Stack gap={4} data-testid="monthly-payments">
          {stats.monthlyPayments.map((m) => {
            const share = maxMonth > 0 ? Math.max(0, Number(m.amount) / maxMonth) : 0;
            return (
              <Group
                key={m.month}
                gap="xs"
                wrap="nowrap"
                aria-label={t('houses.stats.monthLabel', { month: monthShort(m.month), amount: formatPesos(m.amount as string) })}
              >
                <Text size="xs" w={64} c="dimmed">
                  {monthShort(m.month)}
                </Text>
                <Box style={{ flex: 1 }} h={10} bg="gray.1" aria-hidden>
                  <Box h={10} bg="teal.6" w={`${Math.round(share * 100)}%`} />
                </Box>
                <Text size="xs" w={96} ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {formatPesos(m.amount as string)}
                </Text>
              </Group>
            );
          })}
        </Stack>
      </Paper>

      <Paper withBorder radius="md" p="md" component="section" aria-label={t('houses.pendingTitle')}>
        <Group justify="space-between" mb="xs" wrap="wrap">
          <Title order={3} fz="md">
            {t('houses.pendingTitle')}
          </Title>
          {links.some((l) => l.key === 'receipts') && pendingCount > 0 && (
            <Anchor component={Link} to={links.find((l) => l.key === 'receipts')!.to} size="sm">
              {t('houses.allReceipts', { count: pendingCount })}
            </Anchor>
          )}
        </Group>
        {pendingRows.length === 0 ? (
          <EmptyState title={t('houses.noPending')} />
        ) : (
          <Table.ScrollContainer minWidth={320}>
            <Table verticalSpacing="xs" data-testid="pending-receipts">
              <Table.Tbody>
                {pendingRows.map((r) => (
                  <Table.Tr key={r.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/houses/${houseId}/receipts/${r.databaseId}?back=/houses/${houseId}`} size="sm" fw={500}>
                        {r.description}
                      </Anchor>
                      <Text size="xs" c="dimmed">
                        {formatPeriod(r.year, r.month)} · {t('receipts.dueOn', { date: formatDate(r.dueDate as string) })}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Badge color={RECEIPT_STATUS_COLORS[r.status as ReceiptStatus]} variant="light" miw="max-content">
                        {t(`receipts.status.${r.status}`)}
                      </Badge>
                    </Table.Td>
                    <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                      <Text size="sm" fw={600}>
                        {formatPesos(r.amount as string)}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
    </Stack>
  );
}

function Figure({ label, value, hint, color }: { label: string; value: string; hint?: string; color?: string }) {
  return (
    <Stack gap={0} role="group" aria-label={label}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz="lg" c={color} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Stack>
  );
}
