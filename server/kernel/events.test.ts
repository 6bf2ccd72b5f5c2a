// Domain events run their subscribers inside the announcer's transaction, in subscription order, and a
// subscriber that throws refuses the announcer's change.
import { describe, expect, it } from 'vitest';
import type { Tx } from './context.js';
import { announce, subscribe } from './events.js';

declare module './events.js' {
  interface DomainEvents {
    'test.happened': { n: number };
    'test.refused': { n: number };
    'test.unheard': { n: number };
  }
}

describe('domain events', () => {
  const tx = {} as Tx;

  it('run every subscriber with the same transaction, in the order they subscribed', async () => {
    const seen: string[] = [];
    subscribe('test.happened', async (t, e) => {
      expect(t).toBe(tx);
      seen.push(`a${e.n}`);
    });
    subscribe('test.happened', (_t, e) => {
      seen.push(`b${e.n}`);
    });
    await announce(tx, 'test.happened', { n: 1 });
    expect(seen).toEqual(['a1', 'b1']);
  });

  it('let a subscriber refuse by throwing, and do nothing without subscribers', async () => {
    subscribe('test.refused', () => {
      throw new Error('no');
    });
    await expect(announce(tx, 'test.refused', { n: 2 })).rejects.toThrow('no');
    // (An event of the app's own would reach the modules' subscribers: the test files share loaded modules.)
    await expect(announce(tx, 'test.unheard', { n: 3 })).resolves.toBeUndefined();
  });
});
