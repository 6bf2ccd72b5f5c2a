import { useCallback, useEffect, useState } from 'react';
import { Button, Center, Stack } from '@mantine/core';
import { fetchQuery, graphql, usePreloadedQuery, useRelayEnvironment } from 'react-relay';
import { useTranslation } from 'react-i18next';
import type { FeedPageQuery } from '../../../__generated__/FeedPageQuery.graphql';
import type { FeedPostQuery } from '../../../__generated__/FeedPostQuery.graphql';
import type { FeedQuery } from '../../../__generated__/FeedQuery.graphql';
import { FEED_PAGE } from '../../../../../core/feed.js';
import { EmptyState } from '../../../components/EmptyState.js';
import { PageHeader } from '../../../components/PageHeader.js';
import { useSession } from '../../../components/SessionProvider.js';
import type { ScreenProps } from '../../../router/screenRoute.js';
import { mergePosts } from './feedTexts.js';
import { PostCard, type PostData, readPost } from './PostCard.js';
import { POST_CREATORS } from './routes.js';
import { type FeedChange, useFeedChanges } from './useFeedChanges.js';

export const feedQuery = graphql`
  query FeedQuery($first: Int!) {
    feed(first: $first) { hasOlder posts { ...PostCard_post } }
  }
`;

const pageQuery = graphql`
  query FeedPageQuery($first: Int!, $olderThan: Int, $newerThan: Int) {
    feed(first: $first, olderThan: $olderThan, newerThan: $newerThan) { hasOlder posts { ...PostCard_post } }
  }
`;

const postQuery = graphql`
  query FeedPostQuery($postId: ID!) {
    post(postId: $postId) {
      __typename
      ... on QueryPostSuccess { data { ...PostCard_post } }
    }
  }
`;

const postGlobalId = (databaseId: number) => btoa(`Post:${databaseId}`);

/**
 * /news: the community's posts, newest first, 10 at a time («Ver más»); live: a new post shows «Hay
 * publicaciones nuevas», votes and comments update the post, a deleted one leaves.
 */
export default function Feed({ queryRef }: ScreenProps<FeedQuery>) {
  const { t } = useTranslation();
  const environment = useRelayEnvironment();
  const { grants } = useSession();
  const data = usePreloadedQuery<FeedQuery>(feedQuery, queryRef);
  const [posts, setPosts] = useState<PostData[]>(() => data.feed.posts.map(readPost));
  const [hasOlder, setHasOlder] = useState(data.feed.hasOlder);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [fresh, setFresh] = useState(0);
  const [loadingNewer, setLoadingNewer] = useState(false);
  const [versions, setVersions] = useState<Record<number, number>>({});
  // The route's query may answer from the store first and then from the server: the newer answer joins in.
  useEffect(() => {
    setPosts((shown) => mergePosts(shown, data.feed.posts.map(readPost)));
  }, [data.feed.posts]);
  const action = POST_CREATORS.some((g) => grants.has(g)) ? { label: t('feed.newPost'), to: '/post' } : null;

  const fetchPage = useCallback(
    (variables: FeedPageQuery['variables']) => fetchQuery<FeedPageQuery>(environment, pageQuery, variables, { fetchPolicy: 'network-only' }).toPromise(),
    [environment],
  );
  const older = async () => {
    const last = posts[posts.length - 1];
    if (!last) return;
    setLoadingOlder(true);
    const page = await fetchPage({ first: FEED_PAGE, olderThan: last.databaseId }).catch(() => null);
    setLoadingOlder(false);
    if (!page) return;
    setPosts((shown) => mergePosts(shown, page.feed.posts.map(readPost)));
    setHasOlder(page.feed.hasOlder);
  };
  const newer = async () => {
    setLoadingNewer(true);
    const page = await fetchPage({ first: 50, newerThan: posts[0]?.databaseId ?? 0 }).catch(() => null);
    setLoadingNewer(false);
    if (!page) return;
    setPosts((shown) => mergePosts(shown, page.feed.posts.map(readPost)));
    setFresh(0);
  };
  const replace = useCallback((post: PostData) => setPosts((shown) => mergePosts(shown, [post])), []);
  const drop = useCallback((databaseId: number) => setPosts((shown) => shown.filter((p) => p.databaseId !== databaseId)), []);

  useFeedChanges((change: FeedChange) => {
    const id = change.postDatabaseId;
    if (change.kind === 'POSTED') {
      if (!posts.some((p) => p.databaseId === id)) setFresh((n) => n + 1);
      return;
    }
    if (change.kind === 'DELETED') {
      drop(id);
      return;
    }
    if (!posts.some((p) => p.databaseId === id)) return;
    if (change.kind === 'COMMENTED' || change.kind === 'COMMENT_DELETED') setVersions((v) => ({ ...v, [id]: (v[id] ?? 0) + 1 }));
    void fetchQuery<FeedPostQuery>(environment, postQuery, { postId: postGlobalId(id) }, { fetchPolicy: 'network-only' })
      .toPromise()
      .then((answer) => {
        const ref = answer?.post.__typename === 'QueryPostSuccess' ? answer.post.data : null;
        if (ref) replace(readPost(ref));
      })
      .catch(() => undefined);
  });

  return (
    <Stack maw={760} w="100%">
      <PageHeader title={t('feed.title')} description={t('feed.description')} action={action} />
      {fresh > 0 && (
        <Button variant="light" color="teal" onClick={newer} loading={loadingNewer} data-testid="feed-fresh">
          {t('feed.fresh')}
        </Button>
      )}
      {posts.length === 0 ? (
        <EmptyState title={t('feed.empty')} hint={t('feed.emptyHint')} action={action} />
      ) : (
        posts.map((post) => (
          <PostCard key={post.databaseId} post={post} commentsVersion={versions[post.databaseId] ?? 0} onChanged={replace} onDeleted={drop} />
        ))
      )}
      {hasOlder && (
        <Center>
          <Button variant="default" onClick={older} loading={loadingOlder}>
            {t('feed.more')}
          </Button>
        </Center>
      )}
    </Stack>
  );
}
