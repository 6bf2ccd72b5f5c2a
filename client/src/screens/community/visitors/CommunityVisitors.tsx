import { useState } from 'react';
import { Button } from '@mantine/core';
import { graphql, usePreloadedQuery, useRefetchableFragment } from 'react-relay';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CommunityVisitorList_query$key } from '../../../__generated__/CommunityVisitorList_query.graphql';
import type { CommunityVisitorsQuery } from '../../../__generated__/CommunityVisitorsQuery.graphql';
import { downloadFile } from '../../../components/download.js';
import { errorMessage } from '../../../components/errors.js';
import { notify } from '../../../components/notify.js';
import { useListRefetch } from '../../../components/lists.js';
import { useSession } from '../../../components/SessionProvider.js';
import type { ScreenProps, ScreenRoute } from '../../../router/screenRoute.js';
import { COMMUNITY_FILTERS } from './routes.js';
import { useVisitorChanges } from './useVisitorChanges.js';
import { VisitorListPage } from './VisitorListPage.js';

export const communityVisitorsQuery = graphql`
  query CommunityVisitorsQuery($first: Int!, $offset: Int!, $filter: VisitorFilter) {
    ...CommunityVisitorList_query @arguments(first: $first, offset: $offset, filter: $filter)
    visitorPlaces {
      streetId: streets { databaseId name }
      condominiumId: condominiums { databaseId name }
      mallId: malls { databaseId name }
    }
  }
`;

const listFragment = graphql`
  fragment CommunityVisitorList_query on Query
  @refetchable(queryName: "CommunityVisitorListRefetchQuery")
  @argumentDefinitions(first: { type: "Int!" }, offset: { type: "Int!" }, filter: { type: "VisitorFilter" }) {
    visitors(first: $first, offset: $offset, filter: $filter) {
      totalCount
      edges { node { ...VisitorsTable_visitors } }
    }
  }
`;

/** The legacy query keys whose names are not the snake_case of the filter's. */
const LEGACY_KEYS: Record<string, string> = {
  scheduledFrom: 'entrance_scheduled_from',
  scheduledTo: 'entrance_scheduled_to',
  streetId: 'id_street',
  condominiumId: 'id_condominium',
  mallId: 'id_mall',
};

/** The XLS of the community's visitors with the list's filters (GET /api/1.0/neighborhoods/{n}/visitors/xls). */
function xlsHref(neighborhoodId: number, search: URLSearchParams): string {
  const query = new URLSearchParams();
  for (const key of COMMUNITY_FILTERS) {
    const value = search.get(key)?.trim();
    if (value) query.set(LEGACY_KEYS[key] ?? key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), value);
  }
  const text = query.toString();
  return `/api/1.0/neighborhoods/${neighborhoodId}/visitors/xls${text ? `?${text}` : ''}`;
}

/**
 * /neighborhood/visitors: the community's visitors, newest first, with every filter of spec 3 section 7,
 * paged, live with the gate's changes; «Descargar XLS» with AAllVisitorsRead.
 */
export default function CommunityVisitors({ queryRef, route }: ScreenProps<CommunityVisitorsQuery> & { route: ScreenRoute }) {
  const data = usePreloadedQuery<CommunityVisitorsQuery>(communityVisitorsQuery, queryRef);
  return <List query={data} places={data.visitorPlaces} route={route} />;
}

function List({
  query,
  places,
  route,
}: {
  query: CommunityVisitorList_query$key;
  places: CommunityVisitorsQuery['response']['visitorPlaces'];
  route: ScreenRoute;
}) {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const { grants, session } = useSession();
  const [data, refetch] = useRefetchableFragment(listFragment, query);
  const { pending, reload } = useListRefetch(route, refetch);
  useVisitorChanges(reload);
  const action = grants.has('AVisitorsCreate') ? { label: t('visitors.register'), to: '/neighborhood/visitors/form' } : null;
  const community = session.neighborhood;
  const [downloading, setDownloading] = useState(false);
  const xls = grants.has('AAllVisitorsRead') && community && (
    <Button
      variant="default"
      loading={downloading}
      onClick={async () => {
        setDownloading(true);
        const result = await downloadFile(xlsHref(community.databaseId, search), 'visitas.xlsx');
        setDownloading(false);
        if (!result.ok) notify('danger', errorMessage({ status: result.status, data: result.data }));
      }}
    >
      {t('visitors.xls')}
    </Button>
  );
  return (
    <VisitorListPage
      title={t('visitors.communityTitle')}
      description={t('visitors.communityDescription')}
      action={action}
      headerExtra={xls}
      filterKeys={COMMUNITY_FILTERS}
      places={places}
      totalCount={data.visitors.totalCount ?? 0}
      visitors={data.visitors.edges.map((e) => e.node)}
      community
      pending={pending}
      editPath={(id) => `/neighborhood/visitors/edit/${id}`}
      onChanged={reload}
    />
  );
}
