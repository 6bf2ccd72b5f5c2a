import { createContext, useContext, useEffect, useMemo, type ReactNode } from 'react';
import { graphql, type PreloadedQuery, usePreloadedQuery, useSubscription } from 'react-relay';
import type { SessionProviderQuery, SessionProviderQuery$data } from '../__generated__/SessionProviderQuery.graphql';
import type { SessionProviderEventsSubscription } from '../__generated__/SessionProviderEventsSubscription.graphql';
import { broadcastSessionClosed } from '../relay/request.js';

type SessionData = NonNullable<SessionProviderQuery$data['session']>;

export interface SessionValue {
  session: SessionData;
  grants: ReadonlySet<string>;
  superAdmin: boolean;
}

const SessionContext = createContext<SessionValue | null>(null);

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession outside SessionProvider');
  return value;
}

export const sessionQuery = graphql`
  query SessionProviderQuery {
    session {
      grants
      superAdmin
      activeModules
      user { id databaseId firstName lastName email }
      neighborhood { id databaseId name domain neighborhoodType neighborhoodTypeName urlLogo requiredTotalAmountDebts }
      house { id databaseId label }
      debtsToPay { receipts amount oldestDueDate }
      account { id databaseId label }
      accounts(first: 100) {
        edges { node { id databaseId label current houseDatabaseId neighborhood { databaseId name } } }
      }
    }
  }
`;

const eventsSubscription = graphql`
  subscription SessionProviderEventsSubscription {
    sessionEvents { kind thisSession }
  }
`;

/** The session of the signed-in layout's preloaded query; children render only for a signed-in user. */
export function SessionProvider({
  children,
  signedOut,
  queryRef,
}: {
  children: ReactNode;
  signedOut: ReactNode;
  queryRef: PreloadedQuery<SessionProviderQuery>;
}) {
  const data = usePreloadedQuery<SessionProviderQuery>(sessionQuery, queryRef);
  const session = data.session;
  const value = useMemo(() => (session ? { session, grants: new Set(session.grants), superAdmin: session.superAdmin } : null), [session]);
  if (!value) return <>{signedOut}</>;
  return (
    <SessionContext.Provider value={value}>
      <SessionEvents />
      {children}
    </SessionContext.Provider>
  );
}

/** Other tabs: a sign-out closes this one too; an account switch reloads it into the new account. */
function SessionEvents() {
  const config = useMemo(
    () => ({
      subscription: eventsSubscription,
      variables: {},
      onNext: (payload: SessionProviderEventsSubscription['response'] | null | undefined) => {
        const event = payload?.sessionEvents;
        if (!event?.thisSession) return;
        if (event.kind === 'SIGNED_OUT') broadcastSessionClosed();
        if (event.kind === 'ACCOUNT_SWITCHED' && !sessionStorage.getItem('switching')) window.location.assign('/');
      },
    }),
    [],
  );
  useSubscription<SessionProviderEventsSubscription>(config);
  useEffect(() => sessionStorage.removeItem('switching'), []);
  return null;
}
