import { useState } from 'react';
import { Button, Modal, Stack, Text } from '@mantine/core';
import { graphql, usePreloadedQuery, useRefetchableFragment } from 'react-relay';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AgreementsQuery } from '../../../../__generated__/AgreementsQuery.graphql';
import type { AgreementList_query$key } from '../../../../__generated__/AgreementList_query.graphql';
import { EmptyState } from '../../../../components/EmptyState.js';
import { useListRefetch } from '../../../../components/lists.js';
import { PageHeader } from '../../../../components/PageHeader.js';
import { PagedList } from '../../../../components/PagedList.js';
import { useSession } from '../../../../components/SessionProvider.js';
import type { ScreenProps, ScreenRoute } from '../../../../router/screenRoute.js';
import { activeFilterCount } from '../../../property/owners/filters.js';
import { HouseSearch } from '../../../property/owners/HouseSearch.js';
import { OwnersFilters } from '../../../property/owners/OwnersFilters.js';
import { AgreementsTable } from './AgreementsTable.js';

export const agreementsQuery = graphql`
  query AgreementsQuery($first: Int!, $offset: Int!, $filter: HouseFilter) {
    ...AgreementList_query @arguments(first: $first, offset: $offset, filter: $filter)
    ...OwnersFilters_query
  }
`;

const listFragment = graphql`
  fragment AgreementList_query on Query
  @refetchable(queryName: "AgreementListRefetchQuery")
  @argumentDefinitions(first: { type: "Int!" }, offset: { type: "Int!" }, filter: { type: "HouseFilter" }) {
    agreements(first: $first, offset: $offset, filter: $filter) {
      totalCount
      edges { node { ...AgreementsTable_agreements } }
    }
  }
`;

/**
 * /agreements: the community's agreements, newest first, with the owners list's filters (the search box
 * finds a house); «Crear convenio» (AAgreementsCreate) asks which house and opens its new agreement.
 */
export default function Agreements({ queryRef, route }: ScreenProps<AgreementsQuery> & { route: ScreenRoute }) {
  const { t } = useTranslation();
  const { grants } = useSession();
  const data = usePreloadedQuery<AgreementsQuery>(agreementsQuery, queryRef);
  return (
    <Stack>
      <PageHeader title={t('agreements.title')} description={t('agreements.description')}>
        {grants.has('AAgreementsCreate') && <CreateAgreement />}
      </PageHeader>
      <OwnersFilters query={data} />
      <List query={data} route={route} />
    </Stack>
  );
}

/** «Crear convenio»: a house picker (search from 2 characters), then /owners/{houseId}/agreements/new. */
function CreateAgreement() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button onClick={() => setOpened(true)}>{t('agreements.create')}</Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={t('agreements.pickHouse.title')}>
        <Stack>
          <Text size="sm" c="dimmed">
            {t('agreements.pickHouse.hint')}
          </Text>
          <HouseSearch autoFocus fullWidth onPick={(house) => navigate(`/owners/${house.databaseId}/agreements/new`)} />
        </Stack>
      </Modal>
    </>
  );
}

function List({ query, route }: { query: AgreementList_query$key; route: ScreenRoute }) {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const [data, refetch] = useRefetchableFragment(listFragment, query);
  const { pending, reload } = useListRefetch(route, refetch);
  const empty =
    activeFilterCount(search) > 0 ? (
      <EmptyState title={t('list.noMatch')} hint={t('list.noMatchHint')} />
    ) : (
      <EmptyState title={t('agreements.empty')} hint={t('agreements.emptyHint')} />
    );
  return (
    <PagedList totalCount={data.agreements.totalCount ?? 0} empty={empty}>
      <AgreementsTable agreements={data.agreements.edges.map((e) => e.node)} showHouse pending={pending} onChanged={reload} />
    </PagedList>
  );
}
