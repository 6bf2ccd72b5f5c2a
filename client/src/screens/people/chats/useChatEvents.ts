import { useEffect, useRef } from 'react';
import { graphql, requestSubscription, useRelayEnvironment } from 'react-relay';
import type { useChatEventsSubscription, useChatEventsSubscription$data } from '../../../__generated__/useChatEventsSubscription.graphql';

const subscription = graphql`
  subscription useChatEventsSubscription {
    chatEvents {
      kind
      identifier
      fromDatabaseId
      message { id databaseId text isMine senderName createdAt }
      push { pushType senderName message title pushUrl }
    }
  }
`;

export type ChatEvent = useChatEventsSubscription$data['chatEvents'];

/**
 * Calls `onEvent` with each change of the viewer's conversations (MESSAGE, INVITED, ACCEPTED, CANCELLED,
 * BLOCKED, READ, DELETED), on every open session of the person: open chats append messages, lists refetch.
 */
export function useChatEvents(onEvent: (event: ChatEvent) => void, enabled = true) {
  const environment = useRelayEnvironment();
  const latest = useRef(onEvent);
  latest.current = onEvent;
  useEffect(() => {
    if (!enabled) return;
    const disposable = requestSubscription<useChatEventsSubscription>(environment, {
      subscription,
      variables: {},
      onNext: (response) => response && latest.current(response.chatEvents),
    });
    return () => disposable.dispose();
  }, [environment, enabled]);
}
