import { Stack } from '@mantine/core';
import { graphql, usePreloadedQuery, useRefetchableFragment } from 'react-relay';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { HouseAgreementsQuery } from '../../../../__generated__/HouseAgreementsQuery.graphql';
import type { HouseAgreementList_query$key } from '../../../../__generated__/HouseAgreementList_query.graphql';
import { EmptyState } from '../../../../components/EmptyState.js';
import { useListRefetch } from '../../../../components/lists.js';
import { PageHeader } from '../../../../components/PageHeader.js';
import { PagedList } from '../../../../components/PagedList.js';
import { useSession } from '../../../../components/SessionProvider.js';
import type { ScreenProps, ScreenRoute } from '../../../../router/screenRoute.js';
import { AgreementsTable } from './AgreementsTable.js';

export const houseAgreementsQuery = graphql`
  query HouseAgreementsQuery($houseId: ID, $houseNodeId: ID!, $admin: Boolean!, $first: Int!, $offset: Int!) {
    house: node(id: $houseNodeId) @include(if: $admin) { ... on House { label } }
    ...HouseAgreementList_query @arguments(houseId: $houseId, first: $first, offset: $offset)
  }
`;

const listFragment = graphql`
  fragment HouseAgreementList_query on Query
  @refetchable(queryName: "HouseAgreementListRefetchQuery")
  @argumentDefinitions(houseId: { type: "ID" }, first: { type: "Int!" }, offset: { type: "Int!" }) {
    houseAgreements(houseId: $houseId, first: $first, offset: $offset) {
      totalCount
      edges { node { ...AgreementsTable_agreements } }
    }
  }
`;

/**
 * /owners/{houseId}/agreements (administrators: «Crear convenio» with AAgreementsCreate, cancel) and
 * /houses/agreements (the own house's agreements, read-only).
 */
export default function HouseAgreements({ queryRef, route }: ScreenProps<HouseAgreementsQuery> & { route: ScreenRoute }) {
  const data = usePreloadedQuery<HouseAgreementsQuery>(houseAgreementsQuery, queryRef);
  return <List query={data} route={route} houseLabel={data.house?.label ?? null} />;
}

function List({ query, route, houseLabel }: { query: HouseAgreementList_query$key; route: ScreenRoute; houseLabel: string | null }) {
  const { t } = useTranslation();
  const { houseId } = useParams();
  const { grants, session } = useSession();
  const [data, refetch] = useRefetchableFragment(listFragment, query);
  const { pending, reload } = useListRefetch(route, refetch);
  const rows = data.houseAgreements.edges.map((e) => e.node);
  const ownHouse = !houseId;
  const label = ownHouse ? session.house?.label : houseLabel;
  return (
    <Stack>
      <PageHeader
        title={label ? t('agreements.houseTitle', { house: label }) : t('agreements.title')}
        description={ownHouse ? t('agreements.ownDescription') : t('agreements.houseDescription')}
        secondary={ownHouse ? null : { label: t('agreements.allAgreements'), to: '/agreements' }}
        action={!ownHouse && grants.has('AAgreementsCreate') ? { label: t('agreements.create'), to: `/owners/${houseId}/agreements/new` } : null}
      />
      <PagedList
        totalCount={data.houseAgreements.totalCount ?? 0}
        empty={<EmptyState title={t('agreements.empty')} hint={ownHouse ? t('agreements.emptyOwnHint') : t('agreements.emptyHouseHint')} />}
      >
        <AgreementsTable agreements={rows} showHouse={false} ownHouse={ownHouse} pending={pending} onChanged={reload} />
      </PagedList>
    </Stack>
  );
}
