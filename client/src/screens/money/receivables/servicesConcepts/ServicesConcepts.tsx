import { useState } from 'react';
import { ActionIcon, Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { graphql, usePreloadedQuery, useRefetchableFragment } from 'react-relay';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ServicesConceptsQuery } from '../../../../__generated__/ServicesConceptsQuery.graphql';
import type { ServicesConcepts_query$key } from '../../../../__generated__/ServicesConcepts_query.graphql';
import type { ServicesConceptsDeleteMutation } from '../../../../__generated__/ServicesConceptsDeleteMutation.graphql';
import type { ServicesConceptsMoveMutation } from '../../../../__generated__/ServicesConceptsMoveMutation.graphql';
import { EmptyState } from '../../../../components/EmptyState.js';
import { useListRefetch } from '../../../../components/lists.js';
import { useAppMutation } from '../../../../components/mutations.js';
import { PageHeader } from '../../../../components/PageHeader.js';
import { PagedList } from '../../../../components/PagedList.js';
import { useSession } from '../../../../components/SessionProvider.js';
import type { ScreenProps, ScreenRoute } from '../../../../router/screenRoute.js';
import { serviceConceptFormPath } from './paths.js';
import { ConfirmDelete } from '../../../../components/ConfirmDelete.js';

export const servicesConceptsQuery = graphql`
  query ServicesConceptsQuery($first: Int!, $offset: Int!) {
    ...ServicesConcepts_query @arguments(first: $first, offset: $offset)
  }
`;

const listFragment = graphql`
  fragment ServicesConcepts_query on Query
  @refetchable(queryName: "ServicesConceptsRefetchQuery")
  @argumentDefinitions(first: { type: "Int!" }, offset: { type: "Int!" }) {
    serviceConcepts(first: $first, offset: $offset) {
      totalCount
      edges { node { id databaseId name type amount calculateIva ivaPercent } }
    }
  }
`;

const deleteMutation = graphql`
  mutation ServicesConceptsDeleteMutation($input: DeleteServiceConceptInput!) {
    deleteServiceConcept(input: $input) { __typename ... on Error { code message } ... on MutationDeleteServiceConceptSuccess { data { deletedId } } }
  }
`;
const moveMutation = graphql`
  mutation ServicesConceptsMoveMutation($input: MoveServiceConceptInput!) {
    moveServiceConcept(input: $input) { __typename ... on Error { code message } ... on MutationMoveServiceConceptSuccess { data { concept { id } } } }
  }
`;

interface Row {
  id: string;
  databaseId: number;
  name: string;
  type: string;
  amount: string | null | undefined;
  calculateIva: boolean;
  ivaPercent: string | null | undefined;
}

/** /neighborhood/settings/services_concepts: the measured services' concepts in order, moved up and down. */
export default function ServicesConcepts({ queryRef, route }: ScreenProps<ServicesConceptsQuery> & { route: ScreenRoute }) {
  const data = usePreloadedQuery<ServicesConceptsQuery>(servicesConceptsQuery, queryRef);
  return <ConceptList query={data} route={route} />;
}

function ConceptList({ query, route }: { query: ServicesConcepts_query$key; route: ScreenRoute }) {
  const { t } = useTranslation();
  const { grants } = useSession();
  const [data, refetch] = useRefetchableFragment(listFragment, query);
  const { pending, reload } = useListRefetch(route, refetch);
  const remove = useAppMutation<ServicesConceptsDeleteMutation>(deleteMutation);
  const move = useAppMutation<ServicesConceptsMoveMutation>(moveMutation);
  const [toDelete, setToDelete] = useState<Row | null>(null);
  const rows: Row[] = (data.serviceConcepts?.edges.map((e) => e.node) ?? []) as Row[];
  const create = grants.has('CServicesConceptsCreate') ? { label: t('measuredServices.concepts.create'), to: serviceConceptFormPath() } : null;

  const confirm = async () => {
    if (!toDelete) return;
    const ok = await remove.run({ input: { id: toDelete.id } }, 'deleteServiceConcept', { success: t('measuredServices.concepts.deleted') });
    setToDelete(null);
    if (ok) reload();
  };
  const shift = async (row: Row, direction: 'UP' | 'DOWN') => {
    if (await move.run({ input: { id: row.id, direction } }, 'moveServiceConcept')) reload();
  };
  const detail = (row: Row) =>
    [
      row.type === 'PERCENT' ? t('measuredServices.concepts.percentOfBase', { value: row.amount }) : null,
      row.calculateIva ? t('measuredServices.concepts.withIva', { value: row.ivaPercent }) : null,
    ]
      .filter(Boolean)
      .join(' · ') || '—';

  return (
    <Stack>
      <PageHeader title={t('measuredServices.concepts.title')} description={t('measuredServices.concepts.listDescription')} action={create} />
      <PagedList
        totalCount={data.serviceConcepts?.totalCount ?? 0}
        empty={<EmptyState title={t('measuredServices.concepts.empty')} hint={t('measuredServices.concepts.emptyHint')} action={create} />}
      >
        <Table.ScrollContainer minWidth={640}>
          <Table striped highlightOnHover style={{ opacity: pending ? 0.6 : 1 }}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('measuredServices.concepts.name')}</Table.Th>
                <Table.Th>{t('measuredServices.concepts.type')}</Table.Th>
                <Table.Th>{t('measuredServices.concepts.detail')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row, index) => (
                <Table.Tr key={row.id}>
                  <Table.Td>{row.name}</Table.Td>
                  <Table.Td>
                    <Badge variant="light">{t(`measuredServices.conceptTypes.${row.type}`)}</Badge>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{detail(row)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap" justify="flex-end">
                      {grants.has('CServicesConceptsUpdate') && (
                        <>
                          <ActionIcon
                            variant="subtle"
                            disabled={index === 0 || move.inFlight}
                            onClick={() => shift(row, 'UP')}
                            aria-label={t('measuredServices.concepts.moveUp', { name: row.name })}
                          >
                            ↑
                          </ActionIcon>
                          <ActionIcon
                            variant="subtle"
                            disabled={index === rows.length - 1 || move.inFlight}
                            onClick={() => shift(row, 'DOWN')}
                            aria-label={t('measuredServices.concepts.moveDown', { name: row.name })}
                          >
                            ↓
                          </ActionIcon>
                          <Button size="xs" variant="subtle" component={Link} to={serviceConceptFormPath(row.databaseId)}>
                            {t('list.edit')}
                          </Button>
                        </>
                      )}
                      {grants.has('CServicesConceptsDelete') && (
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
        title={t('measuredServices.concepts.deleteTitle')}
        message={toDelete ? t('measuredServices.concepts.deleteConfirm', { name: toDelete.name }) : ''}
        loading={remove.inFlight}
        onCancel={() => setToDelete(null)}
        onConfirm={confirm}
      />
    </Stack>
  );
}
