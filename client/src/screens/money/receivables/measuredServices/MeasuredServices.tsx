import { useState } from 'react';
import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { graphql, usePreloadedQuery, useRefetchableFragment } from 'react-relay';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MeasuredServicesQuery } from '../../../../__generated__/MeasuredServicesQuery.graphql';
import type { MeasuredServices_query$key } from '../../../../__generated__/MeasuredServices_query.graphql';
import type { MeasuredServicesDeleteMutation } from '../../../../__generated__/MeasuredServicesDeleteMutation.graphql';
import { EmptyState } from '../../../../components/EmptyState.js';
import { useListRefetch } from '../../../../components/lists.js';
import { useAppMutation } from '../../../../components/mutations.js';
import { PageHeader } from '../../../../components/PageHeader.js';
import { PagedList } from '../../../../components/PagedList.js';
import { SearchFilter } from '../../../../components/SearchFilter.js';
import { useSession } from '../../../../components/SessionProvider.js';
import type { ScreenProps, ScreenRoute } from '../../../../router/screenRoute.js';
import { MEASURED_SERVICES_PATH, serviceFormPath } from './paths.js';
import { ConfirmDelete } from '../../../../components/ConfirmDelete.js';

export const measuredServicesQuery = graphql`
  query MeasuredServicesQuery($first: Int!, $offset: Int!, $description: String) {
    ...MeasuredServices_query @arguments(first: $first, offset: $offset, description: $description)
  }
`;
const listFragment = graphql`
  fragment MeasuredServices_query on Query
  @refetchable(queryName: "MeasuredServicesRefetchQuery")
  @argumentDefinitions(first: { type: "Int!" }, offset: { type: "Int!" }, description: { type: "String" }) {
    measuredServices(first: $first, offset: $offset, filter: { description: $description }) {
      totalCount
      edges { node { id databaseId description type hasPeriods concepts { base concept { name } } ranges { databaseId } } }
    }
  }
`;
const deleteMutation = graphql`
  mutation MeasuredServicesDeleteMutation($input: DeleteMeasuredServiceInput!) {
    deleteMeasuredService(input: $input) { __typename ... on Error { code message } ... on MutationDeleteMeasuredServiceSuccess { data { deletedId } } }
  }
`;

/** /services: the community's measured services (water, gas...). */
export default function MeasuredServices({ queryRef, route }: ScreenProps<MeasuredServicesQuery> & { route: ScreenRoute }) {
  const data = usePreloadedQuery<MeasuredServicesQuery>(measuredServicesQuery, queryRef);
  return <ServiceList query={data} route={route} />;
}

function ServiceList({ query, route }: { query: MeasuredServices_query$key; route: ScreenRoute }) {
  const { t } = useTranslation();
  const { grants } = useSession();
  const [search] = useSearchParams();
  const [data, refetch] = useRefetchableFragment(listFragment, query);
  const { pending, reload } = useListRefetch(route, refetch);
  const remove = useAppMutation<MeasuredServicesDeleteMutation>(deleteMutation);
  const [toDelete, setToDelete] = useState<{ id: string; description: string } | null>(null);
  const rows = data.measuredServices?.edges.map((e) => e.node) ?? [];
  const create = grants.has('AServicesCreate') ? { label: t('measuredServices.services.create'), to: serviceFormPath() } : null;

  const confirm = async () => {
    if (!toDelete) return;
    const ok = await remove.run({ input: { id: toDelete.id } }, 'deleteMeasuredService', { success: t('measuredServices.services.deleted') });
    setToDelete(null);
    if (ok) reload();
  };

  return (
    <Stack>
      <PageHeader title={t('measuredServices.services.title')} description={t('measuredServices.services.listDescription')} action={create} />
      <SearchFilter name="description" label={t('measuredServices.services.filter')} maw={360} />
      <PagedList
        totalCount={data.measuredServices?.totalCount ?? 0}
        empty={
          search.get('description') ? (
            <EmptyState title={t('list.noMatch')} hint={t('list.noMatchHint')} />
          ) : (
            <EmptyState title={t('measuredServices.services.empty')} hint={t('measuredServices.services.emptyHint')} action={create} />
          )
        }
      >
        <Table.ScrollContainer minWidth={720}>
          <Table striped highlightOnHover style={{ opacity: pending ? 0.6 : 1 }}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('measuredServices.services.description')}</Table.Th>
                <Table.Th>{t('measuredServices.services.type')}</Table.Th>
                <Table.Th>{t('measuredServices.services.concepts')}</Table.Th>
                <Table.Th>{t('measuredServices.services.ranges')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.id}>
                  <Table.Td>{row.description}</Table.Td>
                  <Table.Td>
                    <Badge variant="light">{t(`measuredServices.serviceTypes.${row.type}`)}</Badge>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">
                      {row.concepts.map((c) => (c.base ? `${c.concept.name} (${t('measuredServices.services.base')})` : c.concept.name)).join(', ')}
                    </Text>
                  </Table.Td>
                  <Table.Td>{row.ranges.length}</Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap" justify="flex-end">
                      {grants.has('AServicesPeriodsRead') && (
                        <Button size="xs" variant="subtle" component={Link} to={`${MEASURED_SERVICES_PATH}/${row.databaseId}/periods`}>
                          {t('measuredServices.services.periods')}
                        </Button>
                      )}
                      {grants.has('AServicesUpdate') && (
                        <Button size="xs" variant="subtle" component={Link} to={serviceFormPath(row.databaseId)}>
                          {t('list.edit')}
                        </Button>
                      )}
                      {grants.has('AServicesDelete') && !row.hasPeriods && (
                        <Button size="xs" variant="subtle" color="red" onClick={() => setToDelete(row)}>
                          {t('list.delete')}
                        </Button>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </PagedList>
      <ConfirmDelete
        opened={!!toDelete}
        title={t('measuredServices.services.deleteTitle')}
        message={toDelete ? t('measuredServices.services.deleteConfirm', { name: toDelete.description }) : ''}
        loading={remove.inFlight}
        onCancel={() => setToDelete(null)}
        onConfirm={confirm}
      />
    </Stack>
  );
}
