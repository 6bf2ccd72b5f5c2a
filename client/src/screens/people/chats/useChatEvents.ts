import { useEffect, useRef } from 'react';
import { graphql, requestSubscription, useRelayEnvironment } from 'react-relay';
import type { useChatEventsSubscription, useChatEventsSubscription$data } from '../../../__generated__/useChatEventsSubscription.graphql';
import { REALTIME_RECONNECTED_EVENT } from '../../../relay/environment.js';

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
 * What a reconnected socket stands for: events sent while it was away are gone, so every listener reads again
 * (lists and counters refetch, an open chat reads its latest page).
 */
const CATCH_UP_DELAY_MS = 1_000;

export const RECONNECTED: ChatEvent = { kind: 'RECONNECTED', identifier: '*', fromDatabaseId: 0, message: null, push: null };

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
    // The subscription reaches the server a moment after the socket (and after a reconnection): what was sent in
    // between is read once it is surely listening.
    const reconnected = () => setTimeout(() => latest.current(RECONNECTED), CATCH_UP_DELAY_MS);
    window.addEventListener(REALTIME_RECONNECTED_EVENT, reconnected);
    return () => {
      disposable.dispose();
      window.removeEventListener(REALTIME_RECONNECTED_EVENT, reconnected);
    };
  }, [environment, enabled]);
}
