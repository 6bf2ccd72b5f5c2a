import { useCallback, useEffect, useState } from 'react';
import { Anchor, Box, Button, Group, Loader, Stack, Text, Textarea } from '@mantine/core';
import { fetchQuery, graphql, useRelayEnvironment } from 'react-relay';
import { useTranslation } from 'react-i18next';
import type { PostCommentsAddMutation } from '../../../__generated__/PostCommentsAddMutation.graphql';
import type { PostCommentsDeleteMutation } from '../../../__generated__/PostCommentsDeleteMutation.graphql';
import type { PostCommentsQuery, PostCommentsQuery$data } from '../../../__generated__/PostCommentsQuery.graphql';
import { COMMENTS_PAGE, FEED_MESSAGES } from '../../../../../core/feed.js';
import { useAppMutation } from '../../../components/mutations.js';
import { formatDateTime } from '../../../format.js';
import { newIdempotencyKey } from '../../money/receivables/receipts/receiptTexts.js';

const commentsQuery = graphql`
  query PostCommentsQuery($postId: ID!, $first: Int!, $offset: Int!) {
    postComments(postId: $postId, first: $first, offset: $offset) {
      __typename
      ... on Error { message }
      ... on QueryPostCommentsSuccess { data { total comments { id databaseId text userName createdAt isMine canDelete } } }
    }
  }
`;

const addMutation = graphql`
  mutation PostCommentsAddMutation($input: AddPostCommentInput!) {
    addPostComment(input: $input) {
      __typename
      ... on Error { code message }
      ... on InputError { issues { field message } }
      ... on MutationAddPostCommentSuccess { data { message comment { id databaseId text userName createdAt isMine canDelete } } }
    }
  }
`;

const deleteMutation = graphql`
  mutation PostCommentsDeleteMutation($input: DeletePostCommentInput!) {
    deletePostComment(input: $input) {
      __typename
      ... on Error { code message }
      ... on MutationDeletePostCommentSuccess { data { message databaseId } }
    }
  }
`;

type Comment = NonNullable<PostCommentsQuery$data['postComments']['data']>['comments'][number];

/** A post's comments, newest first, 20 a page («Ver más comentarios»); a box to comment; delete one's own. */
export function PostComments({ postId, canComment, version }: { postId: string; canComment: boolean; version: number }) {
  const { t } = useTranslation();
  const environment = useRelayEnvironment();
  const [comments, setComments] = useState<Comment[] | null>(null);
  const [total, setTotal] = useState(0);
  const [loadingMore, setLoadingMore] = useState(false);
  const [text, setText] = useState('');
  const [textError, setTextError] = useState<string | null>(null);
  const add = useAppMutation<PostCommentsAddMutation>(addMutation);
  const remove = useAppMutation<PostCommentsDeleteMutation>(deleteMutation);

  const load = useCallback(
    async (count: number, offset: number) => {
      const data = await fetchQuery<PostCommentsQuery>(
        environment,
        commentsQuery,
        { postId, first: count, offset },
        { fetchPolicy: 'network-only' },
      ).toPromise();
      return data?.postComments.data ?? null;
    },
    [environment, postId],
  );

  // The first page, and again after a live change (keeping as many as were shown).
  // biome-ignore lint/correctness/useExhaustiveDependencies: version asks for the reload
  useEffect(() => {
    let live = true;
    void load(Math.max(COMMENTS_PAGE, comments?.length ?? 0), 0).then((page) => {
      if (!live || !page) return;
      setComments([...page.comments]);
      setTotal(page.total);
    });
    return () => {
      live = false;
    };
  }, [load, version]);

  const more = async () => {
    setLoadingMore(true);
    const page = await load(COMMENTS_PAGE, comments?.length ?? 0);
    setLoadingMore(false);
    if (page) {
      setComments((shown) => [...(shown ?? []), ...page.comments.filter((c) => !shown?.some((s) => s.id === c.id))]);
      setTotal(page.total);
    }
  };
  const send = async () => {
    if (!text.trim()) {
      setTextError(FEED_MESSAGES.commentRequired);
      return;
    }
    setTextError(null);
    const done = await add.run({ input: { postId, text, idempotencyKey: newIdempotencyKey() } }, 'addPostComment', { success: FEED_MESSAGES.commentAdded });
    if (done?.data) {
      const added = done.data.comment;
      setComments((shown) => [added, ...(shown ?? []).filter((c) => c.id !== added.id)]);
      setTotal((n) => n + 1);
      setText('');
    }
  };
  const drop = async (comment: Comment) => {
    const done = await remove.run({ input: { commentId: comment.id, idempotencyKey: newIdempotencyKey() } }, 'deletePostComment', {
      success: FEED_MESSAGES.commentDeleted,
    });
    if (done) {
      setComments((shown) => (shown ?? []).filter((c) => c.id !== comment.id));
      setTotal((n) => Math.max(0, n - 1));
    }
  };

  return (
    <Stack gap="xs" pt="xs" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }} data-testid="post-comments">
      {canComment && (
        <Stack gap={6}>
          <Textarea
            aria-label={t('feed.commentLabel')}
            placeholder={t('feed.commentPlaceholder')}
            autosize
            minRows={1}
            maxRows={5}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            error={textError}
          />
          <Group justify="flex-end">
            <Button size="compact-sm" onClick={send} loading={add.inFlight}>
              {t('feed.comment')}
            </Button>
          </Group>
        </Stack>
      )}
      {comments === null ? (
        <Loader size="sm" />
      ) : comments.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('feed.noComments')}
        </Text>
      ) : (
        comments.map((c) => (
          <Box key={c.id} p="xs" bg="gray.0" style={{ borderRadius: 8 }} data-testid="comment">
            <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
              <Box miw={0}>
                <Text size="xs" fw={600}>
                  {c.userName}{' '}
                  <Text span size="xs" c="dimmed" fw={400}>
                    · {formatDateTime(c.createdAt)}
                  </Text>
                </Text>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {c.text}
                </Text>
              </Box>
              {c.canDelete && (
                <Anchor component="button" type="button" size="xs" c="red" onClick={() => drop(c)}>
                  {t('feed.deleteComment')}
                </Anchor>
              )}
            </Group>
          </Box>
        ))
      )}
      {comments && comments.length < total && (
        <Button size="compact-sm" variant="subtle" onClick={more} loading={loadingMore}>
          {t('feed.moreComments')}
        </Button>
      )}
    </Stack>
  );
}
