import { useEffect, useRef } from 'react';
import { graphql, requestSubscription, useRelayEnvironment } from 'react-relay';
import type { useAmenityChangesSubscription } from '../../../__generated__/useAmenityChangesSubscription.graphql';

const subscription = graphql`
  subscription useAmenityChangesSubscription($amenityId: ID!) {
    amenitySlotsChanged(amenityId: $amenityId) { amenityDatabaseId kind at }
  }
`;

/**
 * Calls `onChange` when a booking of one of these amenities (global ids) is made, confirmed, cancelled, expired
 * or has its deposit returned (amenitySlotsChanged), so an open grid or list shows it without a reload.
 */
export function useAmenityChanges(amenityIds: readonly string[], onChange: () => void) {
  const environment = useRelayEnvironment();
  // The subscriptions outlive renders: they call the latest onChange (the page and filters shown now).
  const latest = useRef(onChange);
  latest.current = onChange;
  const key = [...new Set(amenityIds)].sort().join(',');
  useEffect(() => {
    if (!key) return;
    const disposables = key.split(',').map((amenityId) =>
      requestSubscription<useAmenityChangesSubscription>(environment, {
        subscription,
        variables: { amenityId },
        onNext: () => latest.current(),
      }),
    );
    return () => {
      for (const d of disposables) d.dispose();
    };
  }, [environment, key]);
}
