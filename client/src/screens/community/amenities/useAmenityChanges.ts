import { useEffect, useRef } from 'react';

/**
 * Calls `onChange` when a booking of one of these amenities is made, confirmed, cancelled, expired or has
 * its deposit returned (the amenitySlotsChanged subscription), so an open grid or list shows it.
 */
export function useAmenityChanges(amenityIds: readonly string[], onChange: () => void) {
  const latest = useRef(onChange);
  latest.current = onChange;
  const key = amenityIds.join(',');
  useEffect(() => {
    // TODO(amenity bookings API): subscribe to amenitySlotsChanged(amenityId) for each id once the schema has it.
    void key;
  }, [key]);
}
