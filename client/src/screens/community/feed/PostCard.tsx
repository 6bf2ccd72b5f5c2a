import { useState } from 'react';
import { Alert, Anchor, Badge, Box, Button, Card, Group, Image, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { graphql, readInlineData } from 'react-relay';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PostCard_post$data, PostCard_post$key } from '../../../__generated__/PostCard_post.graphql';
import type { PostCardDeleteMutation } from '../../../__generated__/PostCardDeleteMutation.graphql';
import type { PostCardVoteMutation } from '../../../__generated__/PostCardVoteMutation.graphql';
import { todayIn } from '../../../../../core/receipts.js';
import { FEED_MESSAGES } from '../../../../../core/feed.js';
import { ConfirmDelete } from '../../../components/ConfirmDelete.js';
import { useAppMutation } from '../../../components/mutations.js';
import { COMMUNITY_TIME_ZONE, formatDate, formatDateTime } from '../../../format.js';
import { newIdempotencyKey } from '../../money/receivables/receipts/receiptTexts.js';
import { isExpired, isImage, shareText, showsResults } from './feedTexts.js';
import { PostComments } from './PostComments.js';

export const postFragment = graphql`
  fragment PostCard_post on Post @inline {
    id
    databaseId
    type
    text
    authorName
    createdAt
    expiresAt
    privacy
    privacyName
    isMine
    canDelete
    canComment
    canSeeViews
    commentsEnabled
    commentCount
    viewCount
    totalVotes
    myVoteOptionId
    videoUrl
    options { databaseId text votes share }
    attachments { fileId name contentType size url }
  }
`;

export type PostData = PostCard_post$data;
export const readPost = (ref: PostCard_post$key): PostData => readInlineData(postFragment, ref);

const voteMutation = graphql`
  mutation PostCardVoteMutation($input: VotePostInput!) {
    votePost(input: $input) {
      __typename
      ... on Error { code message }
      ... on MutationVotePostSuccess { data { message post { ...PostCard_post } } }
    }
  }
`;

const deleteMutation = graphql`
  mutation PostCardDeleteMutation($input: PostIdInput!) {
    deletePost(input: $input) {
      __typename
      ... on Error { code message }
      ... on MutationDeletePostSuccess { data { message databaseId } }
    }
  }
`;

/**
 * One post of the feed: author, date, text, attachments, the embedded video, the poll (buttons to vote; bars
 * with shares after voting or for its author), who saw it, and its comments behind a toggle.
 */
export function PostCard({
  post,
  commentsVersion,
  onChanged,
  onDeleted,
}: {
  post: PostData;
  /** Grows with each live change to the post's comments: an open section reloads them. */
  commentsVersion: number;
  onChanged: (post: PostData) => void;
  onDeleted: (databaseId: number) => void;
}) {
  const { t } = useTranslation();
  const vote = useAppMutation<PostCardVoteMutation>(voteMutation);
  const remove = useAppMutation<PostCardDeleteMutation>(deleteMutation);
  const [voting, setVoting] = useState<number | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [commentsOpen, setCommentsOpen] = useState(false);
  const closed = isExpired(post.expiresAt, todayIn(COMMUNITY_TIME_ZONE));
  const results = showsResults(post, closed);

  const castVote = async (optionId: number) => {
    setVoting(optionId);
    const done = await vote.run({ input: { postId: post.id, optionId, idempotencyKey: newIdempotencyKey() } }, 'votePost', { success: FEED_MESSAGES.voted });
    setVoting(null);
    if (done?.data) onChanged(readPost(done.data.post));
  };
  const confirmDelete = async () => {
    const done = await remove.run({ input: { postId: post.id, idempotencyKey: newIdempotencyKey() } }, 'deletePost', { success: FEED_MESSAGES.deleted });
    setConfirming(false);
    if (done) onDeleted(post.databaseId);
  };
  const images = post.attachments.filter((a) => isImage(a.contentType));
  const documents = post.attachments.filter((a) => !isImage(a.contentType));

  return (
    <Card withBorder radius="md" padding="md" data-testid={`post-${post.databaseId}`}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Box miw={0} style={{ flex: 1 }}>
            <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {post.authorName}
            </Text>
            <Text size="xs" c="dimmed">
              {formatDateTime(post.createdAt)}
              {post.expiresAt ? ` · ${t('feed.until', { date: formatDate(post.expiresAt) })}` : ''}
            </Text>
          </Box>
          <Group gap={4} wrap="wrap" justify="flex-end" style={{ flexShrink: 0, maxWidth: '50%' }}>
            {post.type === 'POLL' && (
              <Badge variant="light" color="grape" tt="none">
                {t('feed.poll')}
              </Badge>
            )}
            {post.privacy !== 'NEIGHBORS' && (
              <Badge variant="light" color={post.privacy === 'OWNERS' ? 'blue' : 'gray'} tt="none">
                {post.privacyName}
              </Badge>
            )}
          </Group>
        </Group>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {post.text}
        </Text>
        {post.videoUrl && (
          <Box pos="relative" style={{ aspectRatio: '16 / 9', width: '100%' }}>
            <iframe
              src={post.videoUrl}
              title={t('feed.videoTitle', { author: post.authorName })}
              allow="encrypted-media; picture-in-picture; fullscreen"
              referrerPolicy="strict-origin-when-cross-origin"
              style={{ border: 0, width: '100%', height: '100%', borderRadius: 8 }}
            />
          </Box>
        )}
        {images.length > 0 && (
          <SimpleGrid cols={{ base: 1, xs: Math.min(images.length, 3) }} spacing="xs">
            {images.map((a) => (
              <Anchor key={a.fileId} href={a.url} target="_blank" rel="noreferrer">
                <Image src={a.url} alt={a.name} radius="sm" mah={320} fit="cover" />
              </Anchor>
            ))}
          </SimpleGrid>
        )}
        {documents.length > 0 && (
          <Stack gap={2}>
            {documents.map((a) => (
              <Anchor key={a.fileId} href={a.url} target="_blank" rel="noreferrer" size="sm" style={{ overflowWrap: 'anywhere' }}>
                📎 {a.name}
              </Anchor>
            ))}
          </Stack>
        )}
        {post.type === 'POLL' && (
          <Stack gap="xs" data-testid="poll">
            {post.options.map((o) =>
              results ? (
                <Box key={o.databaseId}>
                  <Group justify="space-between" gap="xs" wrap="nowrap">
                    <Text size="sm" fw={post.myVoteOptionId === o.databaseId ? 700 : 400} style={{ overflowWrap: 'anywhere' }}>
                      {o.text}
                      {post.myVoteOptionId === o.databaseId ? ` ✓` : ''}
                    </Text>
                    <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }} data-testid="poll-share">
                      {shareText(o.share)}
                    </Text>
                  </Group>
                  <Progress value={o.share} size="md" radius="xl" color={post.myVoteOptionId === o.databaseId ? 'teal' : 'blue'} aria-label={o.text} />
                </Box>
              ) : (
                <Button
                  key={o.databaseId}
                  variant="light"
                  fullWidth
                  justify="flex-start"
                  loading={voting === o.databaseId}
                  disabled={voting !== null}
                  onClick={() => castVote(o.databaseId)}
                  styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
                  h="auto"
                  py={8}
                >
                  {o.text}
                </Button>
              ),
            )}
            <Text size="xs" c="dimmed" data-testid="poll-total">
              {t('feed.totalVotes', { count: post.totalVotes })}
              {closed ? ` · ${t('feed.pollClosed')}` : ''}
            </Text>
          </Stack>
        )}
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap="xs">
            <Button size="compact-sm" variant="subtle" onClick={() => setCommentsOpen((o) => !o)} aria-expanded={commentsOpen}>
              {t('feed.comments', { count: post.commentCount })}
            </Button>
            {post.canSeeViews && (
              <Anchor component={Link} to={`/post/${post.databaseId}/views`} size="sm">
                {t('feed.views', { count: post.viewCount })}
              </Anchor>
            )}
          </Group>
          {post.canDelete && (
            <Button size="compact-sm" variant="subtle" color="red" onClick={() => setConfirming(true)}>
              {t('feed.delete')}
            </Button>
          )}
        </Group>
        {commentsOpen &&
          (post.commentsEnabled || post.commentCount > 0 ? (
            <Stack gap="xs">
              {!post.commentsEnabled && (
                <Alert color="gray" variant="light" p="xs">
                  {FEED_MESSAGES.commentsOff}
                </Alert>
              )}
              <PostComments postId={post.id} canComment={post.canComment} version={commentsVersion} />
            </Stack>
          ) : (
            <Alert color="gray" variant="light" p="xs">
              {FEED_MESSAGES.commentsOff}
            </Alert>
          ))}
      </Stack>
      <ConfirmDelete
        opened={confirming}
        title={t('feed.deleteTitle')}
        message={t('feed.deleteQuestion')}
        loading={remove.inFlight}
        onCancel={() => setConfirming(false)}
        onConfirm={confirmDelete}
      />
    </Card>
  );
}
