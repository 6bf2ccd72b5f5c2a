import { Alert, Stack, Table, Text } from '@mantine/core';
import { graphql, usePreloadedQuery, useRefetchableFragment } from 'react-relay';
import { useTranslation } from 'react-i18next';
import type { PostViewList_query$key } from '../../../__generated__/PostViewList_query.graphql';
import type { PostViewsQuery } from '../../../__generated__/PostViewsQuery.graphql';
import { EmptyState } from '../../../components/EmptyState.js';
import { useListRefetch } from '../../../components/lists.js';
import { PageHeader } from '../../../components/PageHeader.js';
import { PagedList } from '../../../components/PagedList.js';
import { formatDateTime } from '../../../format.js';
import type { ScreenProps, ScreenRoute } from '../../../router/screenRoute.js';

export const postViewsQuery = graphql`
  query PostViewsQuery($postId: ID!, $first: Int!, $offset: Int!) {
    post(postId: $postId) {
      __typename
      ... on QueryPostSuccess { data { databaseId text authorName } }
    }
    ...PostViewList_query @arguments(postId: $postId, first: $first, offset: $offset)
  }
`;

const listFragment = graphql`
  fragment PostViewList_query on Query
  @refetchable(queryName: "PostViewListRefetchQuery")
  @argumentDefinitions(postId: { type: "ID!" }, first: { type: "Int!" }, offset: { type: "Int!" }) {
    postViews(postId: $postId, first: $first, offset: $offset) {
      __typename
      ... on Error { message }
      ... on QueryPostViewsSuccess { data { total views { userDatabaseId userName viewedAt } } }
    }
  }
`;

/** /post/{idPost}/views: who saw the post, latest first (its author and the administration). */
export default function PostViews({ queryRef, route }: ScreenProps<PostViewsQuery> & { route: ScreenRoute }) {
  const { t } = useTranslation();
  const data = usePreloadedQuery<PostViewsQuery>(postViewsQuery, queryRef);
  const post = data.post.__typename === 'QueryPostSuccess' ? data.post.data : null;
  if (!post) return <Alert color="yellow">{t('feed.views.notFound')}</Alert>;
  return (
    <Stack maw={760}>
      <PageHeader
        title={t('feed.views.title')}
        description={
          <Text span size="sm" c="dimmed" lineClamp={2}>
            {post.authorName}: {post.text}
          </Text>
        }
        secondary={{ label: t('feed.views.back'), to: '/news' }}
      />
      <List query={data} route={route} />
    </Stack>
  );
}

function List({ query, route }: { query: PostViewList_query$key; route: ScreenRoute }) {
  const { t } = useTranslation();
  const [data, refetch] = useRefetchableFragment(listFragment, query);
  const { pending } = useListRefetch(route, refetch);
  const page = data.postViews.data;
  if (!page) return <Alert color="yellow">{data.postViews.message ?? t('feed.views.notFound')}</Alert>;
  return (
    <PagedList totalCount={page.total} empty={<EmptyState title={t('feed.views.empty')} />}>
      <Table striped verticalSpacing="xs" style={{ opacity: pending ? 0.6 : 1 }}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('feed.views.person')}</Table.Th>
            <Table.Th>{t('feed.views.when')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {page.views.map((v) => (
            <Table.Tr key={v.userDatabaseId}>
              <Table.Td>{v.userName}</Table.Td>
              <Table.Td>{formatDateTime(v.viewedAt)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </PagedList>
  );
}
