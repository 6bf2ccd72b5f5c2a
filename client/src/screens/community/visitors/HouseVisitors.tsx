import { graphql, usePreloadedQuery, useRefetchableFragment } from 'react-relay';
import { useTranslation } from 'react-i18next';
import type { HouseVisitorList_query$key } from '../../../__generated__/HouseVisitorList_query.graphql';
import type { HouseVisitorsQuery } from '../../../__generated__/HouseVisitorsQuery.graphql';
import { useListRefetch } from '../../../components/lists.js';
import { useSession } from '../../../components/SessionProvider.js';
import type { ScreenProps, ScreenRoute } from '../../../router/screenRoute.js';
import { HOUSE_FILTERS, HOUSE_VISITOR_CREATORS } from './routes.js';
import { useVisitorChanges } from './useVisitorChanges.js';
import { VisitorListPage } from './VisitorListPage.js';

export const houseVisitorsQuery = graphql`
  query HouseVisitorsQuery($first: Int!, $offset: Int!, $filter: VisitorFilter) {
    ...HouseVisitorList_query @arguments(first: $first, offset: $offset, filter: $filter)
  }
`;

const listFragment = graphql`
  fragment HouseVisitorList_query on Query
  @refetchable(queryName: "HouseVisitorListRefetchQuery")
  @argumentDefinitions(first: { type: "Int!" }, offset: { type: "Int!" }, filter: { type: "VisitorFilter" }) {
    houseVisitors(first: $first, offset: $offset, filter: $filter) {
      totalCount
      edges { node { ...VisitorsTable_visitors } }
    }
  }
`;

/** /houses/visitors: the own house's visitors, newest first, filtered and paged; live with the gate's changes. */
export default function HouseVisitors({ queryRef, route }: ScreenProps<HouseVisitorsQuery> & { route: ScreenRoute }) {
  const data = usePreloadedQuery<HouseVisitorsQuery>(houseVisitorsQuery, queryRef);
  return <List query={data} route={route} />;
}

function List({ query, route }: { query: HouseVisitorList_query$key; route: ScreenRoute }) {
  const { t } = useTranslation();
  const { grants } = useSession();
  const [data, refetch] = useRefetchableFragment(listFragment, query);
  const { pending, reload } = useListRefetch(route, refetch);
  useVisitorChanges(reload);
  const action = HOUSE_VISITOR_CREATORS.some((g) => grants.has(g)) ? { label: t('visitors.register'), to: '/houses/visitors/form' } : null;
  return (
    <VisitorListPage
      title={t('visitors.houseTitle')}
      description={t('visitors.houseDescription')}
      action={action}
      filterKeys={HOUSE_FILTERS}
      totalCount={data.houseVisitors.totalCount ?? 0}
      visitors={data.houseVisitors.edges.map((e) => e.node)}
      community={false}
      pending={pending}
      editPath={(id) => `/houses/visitors/edit/${id}`}
      onChanged={reload}
    />
  );
}
