// Lists are @refetchable fragments of their route's query. The query string (page, page_size,
// filters) is their state: changing it, or going back and forward, refetches the fragment with the
// route's own variables, keeping the rows on screen until the new page arrives.
import { useCallback, useEffect, useRef, useTransition } from 'react';
import { useParams, useSearchParams } from 'react-router';
import type { RefetchFnDynamic } from 'react-relay';
import type { OperationType } from 'relay-runtime';
import type { ScreenRoute } from '../router/screenRoute.js';

type Refetch = RefetchFnDynamic<OperationType, any>;

export function useListRefetch(route: ScreenRoute, refetch: Refetch) {
  const [search] = useSearchParams();
  const params = useParams();
  const key = search.toString();
  const shown = useRef(key);
  const [pending, startTransition] = useTransition();
  const variables = useCallback(() => route.variables?.({ params, search }) ?? {}, [route, params, search]);
  // A write may finish after the query string changed (a filter typed while the delete was in flight):
  // the reload then asks for the page on screen now, not the one of the render that started the write.
  const latestVariables = useRef(variables);
  latestVariables.current = variables;

  useEffect(() => {
    if (key === shown.current) return;
    shown.current = key;
    startTransition(() => {
      refetch(variables(), { fetchPolicy: 'store-and-network' });
    });
  }, [key, refetch, variables]);

  /** After a write (a row deleted): the same page again from the server. */
  const reload = useCallback(
    () =>
      startTransition(() => {
        refetch(latestVariables.current(), { fetchPolicy: 'network-only' });
      }),
    [refetch],
  );
  return { pending, reload };
}
