import { Text } from '@mantine/core';
import { graphql, usePreloadedQuery, useRefetchableFragment } from 'react-relay';
import { useTranslation } from 'react-i18next';
import type { RevisionPointsQuery } from '../../../__generated__/RevisionPointsQuery.graphql';
import type { RevisionPoints_query$key } from '../../../__generated__/RevisionPoints_query.graphql';
import type { RevisionPointsDeleteMutation } from '../../../__generated__/RevisionPointsDeleteMutation.graphql';
import { WEEKDAYS, type Weekday } from '../../../../../core/revisionPoints.js';
import { type NamedColumn, NamedList } from '../../../components/NamedList.js';
import { useListRefetch } from '../../../components/lists.js';
import { useAppMutation } from '../../../components/mutations.js';
import { useSession } from '../../../components/SessionProvider.js';
import type { ScreenProps, ScreenRoute } from '../../../router/screenRoute.js';
import { formatDate } from '../../../format.js';
import { scheduleSummary } from './schedule.js';

export const revisionPointsQuery = graphql`
  query RevisionPointsQuery($first: Int!, $offset: Int!, $name: String) {
    ...RevisionPoints_query @arguments(first: $first, offset: $offset, name: $name)
  }
`;

const listFragment = graphql`
  fragment RevisionPoints_query on Query
  @refetchable(queryName: "RevisionPointsRefetchQuery")
  @argumentDefinitions(first: { type: "Int!" }, offset: { type: "Int!" }, name: { type: "String" }) {
    revisionPoints(first: $first, offset: $offset, filter: { name: $name }) {
      totalCount
      edges {
        node {
          id
          databaseId
          name
          activeFrom
          activeUntil
          minutes
          rules { startHour endHour monday tuesday wednesday thursday friday saturday sunday }
        }
      }
    }
  }
`;

const deleteMutation = graphql`
  mutation RevisionPointsDeleteMutation($input: DeleteRevisionPointInput!) {
    deleteRevisionPoint(input: $input) { __typename ... on Error { code message } ... on MutationDeleteRevisionPointSuccess { data { deletedId } } }
  }
`;

const BASE = '/neighborhood/settings/revision-points';

interface Row {
  id: string;
  databaseId: number;
  name: string;
  activeFrom: string;
  activeUntil: string | null;
  minutes: number;
  rules: readonly ({ startHour: string; endHour: string } & Record<Weekday, boolean>)[];
}

/** /neighborhood/settings/revision-points: where vehicles are inspected, filtered by name (?name=) and paged. */
export default function RevisionPoints({ queryRef, route }: ScreenProps<RevisionPointsQuery> & { route: ScreenRoute }) {
  const data = usePreloadedQuery<RevisionPointsQuery>(revisionPointsQuery, queryRef);
  return <RevisionPointList query={data} route={route} />;
}

function RevisionPointList({ query, route }: { query: RevisionPoints_query$key; route: ScreenRoute }) {
  const { t } = useTranslation();
  const { grants } = useSession();
  const [data, refetch] = useRefetchableFragment(listFragment, query);
  const { pending, reload } = useListRefetch(route, refetch);
  const remove = useAppMutation<RevisionPointsDeleteMutation>(deleteMutation);
  const dayNames = Object.fromEntries(WEEKDAYS.map((d) => [d, t(`revisionPoints.daysShort.${d}`)])) as Record<Weekday, string>;
  const rows: Row[] =
    data.revisionPoints?.edges.map(({ node }) => ({
      id: node.id,
      databaseId: node.databaseId,
      name: node.name,
      activeFrom: String(node.activeFrom),
      activeUntil: node.activeUntil ? String(node.activeUntil) : null,
      minutes: node.minutes,
      rules: node.rules,
    })) ?? [];
  const columns: NamedColumn<Row>[] = [
    {
      key: 'validity',
      header: t('revisionPoints.validity'),
      visibleFrom: 'sm',
      cell: (row) =>
        row.activeUntil
          ? t('revisionPoints.validityRange', { from: formatDate(row.activeFrom), until: formatDate(row.activeUntil) })
          : t('revisionPoints.validityFrom', { from: formatDate(row.activeFrom) }),
    },
    {
      key: 'schedule',
      header: t('revisionPoints.schedule'),
      visibleFrom: 'md',
      cell: (row) => (
        <Text size="sm" c="dimmed">
          {scheduleSummary(row.rules, dayNames, t('revisionPoints.through'))}
        </Text>
      ),
    },
    { key: 'minutes', header: t('revisionPoints.minutesShort'), align: 'right', cell: (row) => t('revisionPoints.minutesValue', { count: row.minutes }) },
  ];

  return (
    <NamedList
      title={t('revisionPoints.title')}
      description={t('revisionPoints.listDescription')}
      emptyTitle={t('revisionPoints.empty')}
      emptyHint={t('revisionPoints.emptyHint')}
      createLabel={t('revisionPoints.create')}
      createPath={grants.has('CRevisionPointCreate') ? `${BASE}/form` : null}
      editPath={grants.has('CRevisionPointUpdate') ? (row) => `${BASE}/form/${row.databaseId}` : null}
      rows={rows}
      totalCount={data.revisionPoints?.totalCount ?? 0}
      pending={pending}
      columns={columns}
      deleteTitle={t('revisionPoints.deleteTitle')}
      deleteConfirm={(name) => t('revisionPoints.deleteConfirm', { name })}
      deleting={remove.inFlight}
      onDelete={
        grants.has('CRevisionPointDelete')
          ? async (row) => {
              const ok = !!(await remove.run({ input: { id: row.id } }, 'deleteRevisionPoint', { success: t('revisionPoints.deleted') }));
              if (ok) reload();
              return ok;
            }
          : null
      }
    />
  );
}
