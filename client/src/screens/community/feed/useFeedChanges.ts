import { useEffect, useRef } from 'react';
import { graphql, requestSubscription, useRelayEnvironment } from 'react-relay';
import type { useFeedChangesSubscription, useFeedChangesSubscription$data } from '../../../__generated__/useFeedChangesSubscription.graphql';

const subscription = graphql`
  subscription useFeedChangesSubscription {
    feedChanged { kind postDatabaseId at }
  }
`;

export type FeedChange = useFeedChangesSubscription$data['feedChanged'];

/**
 * Calls `onChange` with each change of the posts the viewer may read (POSTED, DELETED, VOTED, COMMENTED,
 * COMMENT_DELETED), so an open feed shows new posts, votes and comments without a reload.
 */
export function useFeedChanges(onChange: (change: FeedChange) => void, enabled = true) {
  const environment = useRelayEnvironment();
  const latest = useRef(onChange);
  latest.current = onChange;
  useEffect(() => {
    if (!enabled) return;
    const disposable = requestSubscription<useFeedChangesSubscription>(environment, {
      subscription,
      variables: {},
      onNext: (response) => response && latest.current(response.feedChanged),
    });
    return () => disposable.dispose();
  }, [environment, enabled]);
}
