// The edit lock of the house form (spec 1 section 2): taken on open, refused (423) while another
// administrator holds it, released on leaving (and by the server when the form saves).
import { useEffect, useRef, useState } from 'react';
import { graphql } from 'react-relay';
import type { useEditLockTakeMutation } from '../../../../__generated__/useEditLockTakeMutation.graphql';
import type { useEditLockReleaseMutation } from '../../../../__generated__/useEditLockReleaseMutation.graphql';
import { useAppMutation } from '../../../../components/mutations.js';

const takeMutation = graphql`
  mutation useEditLockTakeMutation($input: HouseIdInput!) {
    lockHouse(input: $input) { __typename ... on Error { code message } ... on MutationLockHouseSuccess { data { house { id } } } }
  }
`;

const releaseMutation = graphql`
  mutation useEditLockReleaseMutation($input: HouseIdInput!) {
    unlockHouse(input: $input) { __typename ... on Error { code message } ... on MutationUnlockHouseSuccess { data { house { id } } } }
  }
`;

export type EditLockState = { kind: 'none' | 'taking' | 'held' } | { kind: 'blocked'; message: string };

export function useEditLock(houseId: string | null) {
  const take = useAppMutation<useEditLockTakeMutation>(takeMutation);
  const release = useAppMutation<useEditLockReleaseMutation>(releaseMutation);
  const [phase, setPhase] = useState<'none' | 'taking' | 'held' | 'refused'>(houseId ? 'taking' : 'none');
  const held = useRef(false);
  const released = useRef(false);
  const { run: runTake } = take;
  const { run: runRelease } = release;

  const acquire = async () => {
    if (!houseId) return;
    setPhase('taking');
    const ok = await runTake({ input: { id: houseId } }, 'lockHouse', { notifyTypedError: false });
    held.current = !!ok;
    setPhase(ok ? 'held' : 'refused');
  };

  const forceUnlock = async () => {
    if (!houseId) return;
    if (await runRelease({ input: { id: houseId } }, 'unlockHouse')) await acquire();
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: the lock is taken once per house and released when the form leaves it
  useEffect(() => {
    if (!houseId) return;
    released.current = false;
    void acquire();
    const releaseOnExit = () => {
      if (!held.current || released.current) return;
      // The tab is closing: only a keepalive request outlives the page.
      void fetch('/graphql', {
        method: 'POST',
        keepalive: true,
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json', 'x-graphql-csrf': '1' },
        body: JSON.stringify({ query: (releaseMutation as unknown as { params: { text: string } }).params.text, variables: { input: { id: houseId } } }),
      }).catch(() => undefined);
    };
    window.addEventListener('pagehide', releaseOnExit);
    return () => {
      window.removeEventListener('pagehide', releaseOnExit);
      if (held.current && !released.current) {
        held.current = false;
        void runRelease({ input: { id: houseId } }, 'unlockHouse', { notifyTypedError: false });
      }
    };
  }, [houseId]);

  const state: EditLockState = phase === 'refused' ? { kind: 'blocked', message: take.error?.message ?? '' } : { kind: phase === 'none' ? 'none' : phase };
  return {
    state,
    unlocking: take.inFlight || release.inFlight,
    forceUnlock,
    /** Saving releases the lock on the server. */
    markReleased: () => {
      released.current = true;
      held.current = false;
    },
  };
}
