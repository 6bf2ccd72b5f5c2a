// One route of the route table becomes a react-router route whose loader starts the screen's query
// and its code at the same moment, so navigating never waits for code and then for data in series.
// Navigating, the screen's skeleton replaces the previous screen at once. The page's first screen (after
// loading the page or signing in, when there is no screen to keep) waits in the loader instead: until its
// code is there and its answer too, or DATA_GRACE_MS without it, so a quick answer draws it in one go.
import { type ComponentType, lazy, Suspense, useEffect, useMemo } from 'react';
import { type LoaderFunctionArgs, type Params, type RouteObject, type ShouldRevalidateFunctionArgs, useLoaderData, useLocation } from 'react-router';
import type { PreloadedQuery } from 'react-relay';
import type { ConcreteRequest, OperationType } from 'relay-runtime';
import { prefetch } from '../relay/request.js';
import { ScreenSkeleton, type SkeletonKind } from '../components/Skeletons.js';

export interface ScreenProps<Q extends OperationType = OperationType> {
  /** The route query, started by the route's loader; null for screens without a query. */
  queryRef: PreloadedQuery<Q>;
}

export interface ScreenRoute {
  path: string;
  /** The screen's module; its default export receives `queryRef` (and `route`). */
  screen?: () => Promise<{ default: ComponentType<any> }>;
  /** The screen's route query (its generated artifact), started before the screen renders. */
  query?: ConcreteRequest;
  /** The query's variables from the path parameters and the query string. */
  variables?: (args: { params: Params; search: URLSearchParams }) => Record<string, unknown>;
  /** The placeholder shown while the screen's code or data load. */
  skeleton?: SkeletonKind;
  /** Screens that never touch Relay (light signed-out pages) skip its runtime. */
  relay?: boolean;
}

/**
 * How long the first screen's loader waits for its query's answer before the screen shows its skeleton.
 * React holds a screen that replaces a skeleton until 300 ms after the skeleton appeared (its Suspense
 * throttle), so an answer that arrives within this wait shows up to 300 ms sooner; one that arrives later
 * costs at most this wait.
 */
export const DATA_GRACE_MS = 200;

/** Set once a route's screen is on the page: from then on a loader leaves the waiting to the skeleton. */
let screenShown = false;

type RelayLoad = typeof import('../relay/load.js');
let relayLoaded: RelayLoad | undefined;

async function relay(): Promise<RelayLoad> {
  relayLoaded ??= await import('../relay/load.js');
  return relayLoaded;
}

export interface ScreenLoaderData {
  queryRef: PreloadedQuery<OperationType> | null;
}

/**
 * Starts the route's query (at once when Relay is loaded, else over plain fetch while Relay loads) and
 * its screen's code; for the page's first screen, resolves when the code is there and the answer is there
 * or DATA_GRACE_MS passed.
 */
export async function loadRouteQuery(route: ScreenRoute, { params, request }: Pick<LoaderFunctionArgs, 'params' | 'request'>): Promise<ScreenLoaderData> {
  const code = route.screen ? loadScreen(route) : undefined;
  const first = !screenShown;
  if (!route.query) {
    if (first) await code;
    return { queryRef: null };
  }
  const variables = route.variables?.({ params, search: new URL(request.url).searchParams }) ?? {};
  if (!relayLoaded) prefetch(route.query, variables);
  const { environment, loadQuery, answered } = relayLoaded ?? (await relay());
  // A form starts from the server's current values (its fields take them once); other screens show what
  // the store has at once and refresh it.
  const fetchPolicy = route.skeleton === 'form' ? 'network-only' : 'store-and-network';
  const queryRef = loadQuery(environment, route.query, variables, { fetchPolicy });
  if (first) {
    await code;
    await answered(queryRef, route.query, DATA_GRACE_MS);
  }
  return { queryRef };
}

/** Lists refetch their own fragment when only the query string changes; a new path loads anew. */
export function samePathKeepsData({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod) return defaultShouldRevalidate;
  return currentUrl.pathname !== nextUrl.pathname;
}

const screens = new Map<ScreenRoute, Promise<{ default: ComponentType<any> }>>();
const loadedScreens = new Map<ScreenRoute, ComponentType<any>>();
const lazyScreens = new Map<ScreenRoute, ComponentType<any>>();

/** The screen's component with the texts and Relay it needs; loaded once. */
function loadScreen(route: ScreenRoute): Promise<{ default: ComponentType<any> }> {
  let screen = screens.get(route);
  if (!screen) {
    screen = (async () => {
      const [module] = await Promise.all([route.screen!(), import('../i18n/all.js')]);
      let component: ComponentType<any> = module.default;
      if (route.relay !== false) {
        const { RelayRoot } = await import('../relay/RelayRoot.js');
        const Inner = module.default;
        component = (props: object) => <RelayRoot>{<Inner {...props} />}</RelayRoot>;
      }
      loadedScreens.set(route, component);
      return { default: component };
    })();
    // A failed load is tried again by the next visit.
    screen.catch(() => screens.delete(route));
    screens.set(route, screen);
  }
  return screen;
}

/**
 * The screen itself once its code has loaded (it renders at once, with no skeleton in between); else a
 * lazy one, shown with the screen's skeleton until its code is there.
 */
function screenOf(route: ScreenRoute): ComponentType<any> {
  const loaded = loadedScreens.get(route);
  if (loaded) return loaded;
  let Screen = lazyScreens.get(route);
  if (!Screen) {
    Screen = lazy(() => loadScreen(route));
    lazyScreens.set(route, Screen);
  }
  return Screen;
}

const mounts = new WeakMap<{ dispose: () => void }, number>();

/**
 * Releases a route query's data once its screen is gone; a remount in the same tick (React's strict
 * mode replays effects in development) keeps it.
 */
export function useReleaseOnLeave(queryRef: { dispose: () => void } | null) {
  useEffect(() => {
    if (!queryRef) return;
    mounts.set(queryRef, (mounts.get(queryRef) ?? 0) + 1);
    return () => {
      mounts.set(queryRef, (mounts.get(queryRef) ?? 1) - 1);
      setTimeout(() => {
        if (!mounts.get(queryRef)) queryRef.dispose();
      }, 0);
    };
  }, [queryRef]);
}

export function RouteScreen({ route, extra }: { route: ScreenRoute; extra?: Record<string, unknown> }) {
  const { queryRef } = (useLoaderData() as ScreenLoaderData | undefined) ?? { queryRef: null };
  useReleaseOnLeave(queryRef);
  useEffect(() => {
    screenShown = true;
  }, []);
  // Another record on the same route (/x/1 to /x/2) is a new screen: no form keeps the previous one's values.
  const { pathname } = useLocation();
  // Chosen once per route (this component stays mounted from one route to a sibling one): the lazy one
  // turning into the loaded one would mount the screen twice.
  const Screen = useMemo(() => screenOf(route), [route]);
  return (
    <Suspense fallback={<ScreenSkeleton kind={route.skeleton} />}>
      <Screen key={pathname} queryRef={queryRef} route={route} {...extra} />
    </Suspense>
  );
}

/** The react-router route of a screen; `guard` may redirect (sign-in, grants) before anything loads. */
export function screenRouteObject(route: ScreenRoute, guard?: (args: LoaderFunctionArgs) => Promise<void>): RouteObject {
  return {
    path: route.path,
    loader: async (args) => {
      await guard?.(args);
      return loadRouteQuery(route, args);
    },
    shouldRevalidate: samePathKeepsData,
    element: <RouteScreen route={route} />,
  };
}
