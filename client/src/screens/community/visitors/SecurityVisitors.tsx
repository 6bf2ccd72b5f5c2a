import { Suspense, useDeferredValue, useEffect, useState } from 'react';
import { Button, Loader, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { graphql, type PreloadedQuery, usePreloadedQuery, useQueryLoader, useRefetchableFragment } from 'react-relay';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SecurityVisitorsQuery } from '../../../__generated__/SecurityVisitorsQuery.graphql';
import type { SecurityVisitorsLists_query$key } from '../../../__generated__/SecurityVisitorsLists_query.graphql';
import type { SecurityVisitorsSearchQuery } from '../../../__generated__/SecurityVisitorsSearchQuery.graphql';
import { gateSearchable } from '../../../../../core/visitors.js';
import { PageHeader } from '../../../components/PageHeader.js';
import { useSession } from '../../../components/SessionProvider.js';
import type { ScreenProps } from '../../../router/screenRoute.js';
import { useVisitorChanges } from './useVisitorChanges.js';
import { VisitorCard } from './VisitorCard.js';

export const securityVisitorsQuery = graphql`
  query SecurityVisitorsQuery {
    ...SecurityVisitorsLists_query
  }
`;

const listsFragment = graphql`
  fragment SecurityVisitorsLists_query on Query @refetchable(queryName: "SecurityVisitorsListsRefetchQuery") {
    comingVisitors(allToday: true) { id ...VisitorCard_visitor }
    securityVisitors(filter: { inside: true }, first: 100, offset: 0) {
      edges { node { id ...VisitorCard_visitor } }
    }
  }
`;

const searchQuery = graphql`
  query SecurityVisitorsSearchQuery($search: String!) {
    gateVisitors(search: $search, first: 20) { id ...VisitorCard_visitor }
  }
`;

/** The guard types a name, code or plates: results from 3 letters or digits in a row, this long after the last key. */
export const GATE_SEARCH_DELAY_MS = 150;

/**
 * /security/visitors, the guard's home on a phone: a big search box (name, code or plates), the visitors
 * expected today and those inside now, each with entry or departure; «Registrar visita» for a walk-in. Every
 * change of the community's visitors refreshes it.
 */
export default function SecurityVisitors({ queryRef }: ScreenProps<SecurityVisitorsQuery>) {
  const { t } = useTranslation();
  const { grants } = useSession();
  const data = usePreloadedQuery<SecurityVisitorsQuery>(securityVisitorsQuery, queryRef);
  const [lists, refetch] = useRefetchableFragment(listsFragment, data as SecurityVisitorsLists_query$key);
  const [phrase, setPhrase] = useState('');
  const [typed] = useDebouncedValue(phrase.trim(), GATE_SEARCH_DELAY_MS);
  const [fetchKey, setFetchKey] = useState(0);
  const search = useDeferredValue(typed);
  const [searchRef, loadSearch] = useQueryLoader<SecurityVisitorsSearchQuery>(searchQuery);
  useEffect(() => {
    if (gateSearchable(search)) loadSearch({ search }, { fetchPolicy: fetchKey ? 'network-only' : 'store-and-network' });
  }, [search, fetchKey, loadSearch]);
  useVisitorChanges(() => {
    refetch({}, { fetchPolicy: 'network-only' });
    setFetchKey((k) => k + 1);
  });
  const inside = lists.securityVisitors.edges.map((e) => e.node);
  return (
    <Stack gap="md">
      <PageHeader
        title={t('visitors.security.title')}
        description={t('visitors.security.description')}
        action={grants.has('SecVisitorsCreate') ? { label: t('visitors.register'), to: '/security/visitors/form' } : null}
      />
      <TextInput
        size="lg"
        label={t('visitors.security.search')}
        placeholder={t('visitors.security.searchPlaceholder')}
        value={phrase}
        onChange={(e) => setPhrase(e.currentTarget.value)}
        type="search"
        autoComplete="off"
        autoFocus
        rightSection={typed !== search ? <Loader size="xs" /> : null}
        data-testid="gate-search"
      />
      {gateSearchable(search) ? (
        <Suspense fallback={<Loader size="sm" />}>{searchRef && <SearchResults search={search} queryRef={searchRef} />}</Suspense>
      ) : (
        phrase.trim().length > 0 && (
          <Text size="sm" c="dimmed">
            {t('visitors.security.searchHint')}
          </Text>
        )
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Section title={t('visitors.security.today')} empty={t('visitors.security.todayEmpty')} testId="gate-today">
          {lists.comingVisitors.map((v) => (
            <VisitorCard key={v.id} visitor={v} />
          ))}
        </Section>
        <Section title={t('visitors.security.insideNow')} empty={t('visitors.security.insideEmpty')} testId="gate-inside">
          {inside.map((v) => (
            <VisitorCard key={v.id} visitor={v} />
          ))}
        </Section>
      </SimpleGrid>
      {grants.has('SecVisitorsCreate') && (
        <Button component={Link} to="/security/visitors/form" variant="light" size="md" hiddenFrom="sm">
          {t('visitors.register')}
        </Button>
      )}
    </Stack>
  );
}

function Section({ title, empty, testId, children }: { title: string; empty: string; testId: string; children: React.ReactNode[] }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" data-testid={testId}>
      <Stack gap="sm">
        <Title order={3} size="h4">
          {title}
        </Title>
        {children.length === 0 ? (
          <Text size="sm" c="dimmed">
            {empty}
          </Text>
        ) : (
          children
        )}
      </Stack>
    </Paper>
  );
}

function SearchResults({ search, queryRef }: { search: string; queryRef: PreloadedQuery<SecurityVisitorsSearchQuery> }) {
  const { t } = useTranslation();
  const data = usePreloadedQuery<SecurityVisitorsSearchQuery>(searchQuery, queryRef);
  if (data.gateVisitors.length === 0)
    return (
      <Text size="sm" c="dimmed" role="status">
        {t('visitors.security.noResults', { search })}
      </Text>
    );
  return (
    <Stack gap="sm" data-testid="gate-results">
      {data.gateVisitors.map((v) => (
        <VisitorCard key={v.id} visitor={v} />
      ))}
    </Stack>
  );
}
