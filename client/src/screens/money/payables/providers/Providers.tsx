import { Badge, Button, Group, Paper, Select, Stack, Table, Text } from '@mantine/core';
import { graphql, usePreloadedQuery, useRefetchableFragment } from 'react-relay';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ProvidersQuery } from '../../../../__generated__/ProvidersQuery.graphql';
import type { Providers_query$key } from '../../../../__generated__/Providers_query.graphql';
import { EmptyState } from '../../../../components/EmptyState.js';
import { useListRefetch } from '../../../../components/lists.js';
import { PageHeader } from '../../../../components/PageHeader.js';
import { PagedList } from '../../../../components/PagedList.js';
import { searchWithFilter } from '../../../../components/paging.js';
import { SearchFilter } from '../../../../components/SearchFilter.js';
import { useSession } from '../../../../components/SessionProvider.js';
import type { ScreenProps, ScreenRoute } from '../../../../router/screenRoute.js';
import { PROVIDERS_PATH } from './paths.js';

export const providersQuery = graphql`
  query ProvidersQuery($first: Int!, $offset: Int!, $name: String, $concept: String) {
    ...Providers_query @arguments(first: $first, offset: $offset, name: $name, concept: $concept)
    expenseConcepts(first: 100) { edges { node { id databaseId concept } } }
  }
`;

const listFragment = graphql`
  fragment Providers_query on Query
  @refetchable(queryName: "ProvidersRefetchQuery")
  @argumentDefinitions(first: { type: "Int!" }, offset: { type: "Int!" }, name: { type: "String" }, concept: { type: "String" }) {
    providers(first: $first, offset: $offset, filter: { name: $name, concept: $concept }) {
      totalCount
      edges { node { id databaseId name rfc paymentMethod bank clabe expenseConcept { concept } } }
    }
  }
`;

/** /providers: who the community pays, filtered by name or RFC (?name=) and default concept (?concept=), paged. */
export default function Providers({ queryRef, route }: ScreenProps<ProvidersQuery> & { route: ScreenRoute }) {
  const data = usePreloadedQuery<ProvidersQuery>(providersQuery, queryRef);
  const concepts = (data.expenseConcepts?.edges ?? []).map(({ node }) => ({ value: String(node.databaseId), label: node.concept }));
  return <ProviderList query={data} route={route} concepts={concepts} />;
}

function ProviderList({ query, route, concepts }: { query: Providers_query$key; route: ScreenRoute; concepts: { value: string; label: string }[] }) {
  const { t } = useTranslation();
  const { grants } = useSession();
  const [search, setSearch] = useSearchParams();
  const [data, refetch] = useRefetchableFragment(listFragment, query);
  const { pending } = useListRefetch(route, refetch);
  const rows = data.providers?.edges.map((e) => e.node) ?? [];
  const create = grants.has('AProvidersCreate') ? { label: t('providers.create'), to: `${PROVIDERS_PATH}/form` } : null;
  const mayEdit = grants.has('AProvidersUpdate');
  const filtered = !!(search.get('name') || search.get('concept'));
  const method = (m: string) => (
    <Badge variant="light" tt="none" color={m === 'TRANSFER' ? 'blue' : 'gray'} style={{ overflow: 'visible' }}>
      {t(`providers.methods.${m}`)}
    </Badge>
  );
  const edit = (row: (typeof rows)[number]) =>
    mayEdit && (
      <Button
        size="xs"
        variant="subtle"
        component={Link}
        to={`${PROVIDERS_PATH}/form/${row.databaseId}`}
        aria-label={t('providers.editNamed', { name: row.name })}
      >
        {t('list.edit')}
      </Button>
    );
  const dash = (
    <Text span c="dimmed">
      —
    </Text>
  );

  return (
    <Stack>
      <PageHeader title={t('providers.title')} description={t('providers.listDescription')} action={create} />
      <Group align="flex-end" wrap="wrap">
        <SearchFilter name="name" label={t('providers.filterName')} maw={320} style={{ flex: '1 1 220px' }} />
        <Select
          label={t('providers.filterConcept')}
          placeholder={t('providers.anyConcept')}
          data={concepts}
          value={search.get('concept')}
          onChange={(value) => setSearch(searchWithFilter(search, 'concept', value))}
          clearable
          searchable
          maw={320}
          style={{ flex: '1 1 220px' }}
        />
      </Group>
      {rows.length > 0 && (
        <Stack gap="xs" hiddenFrom="sm" style={{ opacity: pending ? 0.6 : 1 }}>
          {rows.map((row) => (
            <Paper key={row.id} withBorder radius="md" p="sm">
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <div style={{ minWidth: 0 }}>
                  <Text size="sm" fw={500}>
                    {row.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {[row.rfc, row.expenseConcept?.concept].filter(Boolean).join(' · ')}
                  </Text>
                  <Group gap={6} mt={4}>
                    {method(row.paymentMethod)}
                    {row.bank && <Text size="xs">{row.bank}</Text>}
                  </Group>
                  {row.clabe && (
                    <Text size="xs" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
                      {t('providers.clabe')} {row.clabe}
                    </Text>
                  )}
                </div>
                {edit(row)}
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      <PagedList
        totalCount={data.providers?.totalCount ?? 0}
        empty={
          filtered ? (
            <EmptyState title={t('list.noMatch')} hint={t('list.noMatchHint')} />
          ) : (
            <EmptyState title={t('providers.empty')} hint={t('providers.emptyHint')} action={create} />
          )
        }
      >
        <Table striped highlightOnHover visibleFrom="sm" style={{ opacity: pending ? 0.6 : 1 }}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('providers.name')}</Table.Th>
              <Table.Th>{t('providers.rfc')}</Table.Th>
              <Table.Th>{t('providers.paymentMethod')}</Table.Th>
              <Table.Th>{t('providers.bank')}</Table.Th>
              <Table.Th>{t('providers.clabe')}</Table.Th>
              <Table.Th>{t('providers.filterConcept')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td>{row.name}</Table.Td>
                <Table.Td>{row.rfc ?? dash}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{method(row.paymentMethod)}</Table.Td>
                <Table.Td>{row.bank ?? dash}</Table.Td>
                <Table.Td style={{ fontVariantNumeric: 'tabular-nums' }}>{row.clabe ?? dash}</Table.Td>
                <Table.Td>{row.expenseConcept?.concept ?? dash}</Table.Td>
                <Table.Td>{edit(row)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </PagedList>
    </Stack>
  );
}
