import { useEffect, useRef } from 'react';
import { graphql, requestSubscription, useRelayEnvironment } from 'react-relay';
import type { useVisitorChangesSubscription, useVisitorChangesSubscription$data } from '../../../__generated__/useVisitorChangesSubscription.graphql';

const subscription = graphql`
  subscription useVisitorChangesSubscription {
    visitorsChanged { visitorDatabaseId houseDatabaseId kind name at }
  }
`;

export type VisitorChange = useVisitorChangesSubscription$data['visitorsChanged'];

/**
 * Calls `onChange` with each change of the viewer's visitors (registered, edited, deleted, entered, left), so
 * an open list or the gate shows it without a reload.
 */
export function useVisitorChanges(onChange: (change: VisitorChange) => void, enabled = true) {
  const environment = useRelayEnvironment();
  const latest = useRef(onChange);
  latest.current = onChange;
  useEffect(() => {
    if (!enabled) return;
    const disposable = requestSubscription<useVisitorChangesSubscription>(environment, {
      subscription,
      variables: {},
      onNext: (response) => response && latest.current(response.visitorsChanged),
    });
    return () => disposable.dispose();
  }, [environment, enabled]);
}
