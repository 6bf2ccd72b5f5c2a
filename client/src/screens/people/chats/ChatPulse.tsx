import { useCallback, useEffect, useState } from 'react';
import { Badge } from '@mantine/core';
import { fetchQuery, graphql, useRelayEnvironment } from 'react-relay';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ChatPulseQuery } from '../../../__generated__/ChatPulseQuery.graphql';
import { notify } from '../../../components/notify.js';
import { unreadBadge } from '../../../../../core/chats.js';
import { excerpt } from './chatTexts.js';
import { useChatEvents } from './useChatEvents.js';

const unreadQuery = graphql`
  query ChatPulseQuery {
    chatUnread { chats messages }
  }
`;

/**
 * Mounted once in the signed-in shell: the unread conversations for the menu's badge, and a notice for each
 * message that arrives while its conversation is not the page on screen (clicking it opens the conversation).
 */
export function useChatPulse(): number {
  const environment = useRelayEnvironment();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [unread, setUnread] = useState(0);
  const count = useCallback(() => {
    void fetchQuery<ChatPulseQuery>(environment, unreadQuery, {}, { fetchPolicy: 'network-only' })
      .toPromise()
      .then((answer) => answer && setUnread(answer.chatUnread.chats))
      .catch(() => undefined);
  }, [environment]);
  useEffect(count, [count]);
  useChatEvents((event) => {
    count();
    const push = event.push;
    if (!push || pathname === push.pushUrl || pathname === `/chats/${event.identifier}`) return;
    notify('info', excerpt(push.message), push.title, { onClick: () => navigate(push.pushUrl), testId: 'chat-push' });
  });
  return unread;
}

/** The menu entry's count of conversations with unread messages. */
export function UnreadBadge({ count }: { count: number }) {
  const { t } = useTranslation();
  if (count <= 0) return null;
  return (
    <Badge size="sm" color="teal" circle={count < 10} aria-label={t('chats.unreadChats', { count })} data-testid="menu-chats-unread">
      {unreadBadge(count)}
    </Badge>
  );
}
