import { Alert, Badge, Stack, Table, Text } from '@mantine/core';
import { graphql, usePreloadedQuery, useRefetchableFragment } from 'react-relay';
import { useTranslation } from 'react-i18next';
import type { VisitorLogQuery } from '../../../__generated__/VisitorLogQuery.graphql';
import type { VisitorLogList_query$key } from '../../../__generated__/VisitorLogList_query.graphql';
import { useListRefetch } from '../../../components/lists.js';
import { PageHeader } from '../../../components/PageHeader.js';
import { PagedList } from '../../../components/PagedList.js';
import { useSession } from '../../../components/SessionProvider.js';
import { formatDateTime } from '../../../format.js';
import type { ScreenProps, ScreenRoute } from '../../../router/screenRoute.js';
import { useVisitorChanges } from './useVisitorChanges.js';

export const visitorLogQuery = graphql`
  query VisitorLogQuery($id: ID!, $first: Int!, $offset: Int!) {
    visitor(visitorId: $id) {
      __typename
      ... on Error { message }
      ... on QueryVisitorSuccess { data { id name reference houseLabel } }
    }
    ...VisitorLogList_query @arguments(id: $id, first: $first, offset: $offset)
  }
`;

const listFragment = graphql`
  fragment VisitorLogList_query on Query
  @refetchable(queryName: "VisitorLogListRefetchQuery")
  @argumentDefinitions(id: { type: "ID!" }, first: { type: "Int!" }, offset: { type: "Int!" }) {
    visitorLog(visitorId: $id, first: $first, offset: $offset) {
      totalCount
      edges { node { id kind at warning userName } }
    }
  }
`;

const KIND_COLORS: Record<string, string> = { CREATED: 'blue', QUERY: 'gray', GET_IN: 'green', GET_OUT: 'orange' };

/** Where the back link goes, by what the viewer keeps. */
function listOf(grants: ReadonlySet<string>): string {
  if (grants.has('SecVisitorsRead')) return '/security/visitors';
  if (grants.has('AVisitorsRead')) return '/neighborhood/visitors';
  return '/houses/visitors';
}

/** /visitors/{id}/log: the visitor's log, newest first, paged: registered, looked up, entry and departure, by whom and when, with the gate's warning. */
export default function VisitorLog({ queryRef, route }: ScreenProps<VisitorLogQuery> & { route: ScreenRoute }) {
  const { t } = useTranslation();
  const { grants } = useSession();
  const data = usePreloadedQuery<VisitorLogQuery>(visitorLogQuery, queryRef);
  const v = data.visitor.data;
  if (!v) return <Alert color="yellow">{t('visitors.form.notFound')}</Alert>;
  return (
    <Stack>
      <PageHeader
        title={t('visitors.logPage.title', { name: v.name })}
        description={`${t('visitors.code', { reference: v.reference })} · ${v.houseLabel ?? t('visitors.forAdministration')}`}
        secondary={{ label: t('visitors.form.back'), to: listOf(grants) }}
      />
      <Entries query={data} route={route} />
    </Stack>
  );
}

function Entries({ query, route }: { query: VisitorLogList_query$key; route: ScreenRoute }) {
  const { t } = useTranslation();
  const [data, refetch] = useRefetchableFragment(listFragment, query);
  const { pending, reload } = useListRefetch(route, refetch);
  useVisitorChanges(reload);
  const log = data.visitorLog;
  const rows = log?.edges.map((e) => e.node) ?? [];
  return (
    <PagedList totalCount={log?.totalCount ?? 0} empty={<Text c="dimmed">{t('visitors.logPage.empty')}</Text>}>
      <Table striped verticalSpacing="sm" style={{ opacity: pending ? 0.6 : 1 }} data-testid="visitor-log">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('visitors.logPage.event')}</Table.Th>
            <Table.Th>{t('visitors.logPage.at')}</Table.Th>
            <Table.Th>{t('visitors.logPage.who')}</Table.Th>
            <Table.Th>{t('visitors.logPage.warning')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Td>
                <Badge color={KIND_COLORS[row.kind] ?? 'gray'} variant="light" tt="none" miw="max-content">
                  {t(`visitors.logPage.kind.${row.kind}`)}
                </Badge>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.at)}</Table.Td>
              <Table.Td>{row.userName ?? t('visitors.logPage.publicPage')}</Table.Td>
              <Table.Td>
                {row.warning ? (
                  <Text size="sm" c="orange.8">
                    {row.warning}
                  </Text>
                ) : (
                  <Text size="sm" c="dimmed">
                    —
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </PagedList>
  );
}
