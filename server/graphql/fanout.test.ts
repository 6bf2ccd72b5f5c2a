import { GraphQLError, type ExecutionResult } from 'graphql';
import { describe, expect, it } from 'vitest';
import { createFanout, nextPayloadJson } from './fanout.js';

/** A subscription stream the test pushes results into (what envelop's subscribe returns). */
function stream() {
  const queue: ExecutionResult[] = [];
  let waiting: ((step: IteratorResult<ExecutionResult>) => void) | null = null;
  let failWaiting: ((error: unknown) => void) | null = null;
  let returned = 0;
  let ended = false;
  const iterator = {
    next: () =>
      queue.length
        ? Promise.resolve({ done: false as const, value: queue.shift()! })
        : ended
          ? Promise.resolve({ done: true as const, value: undefined })
          : new Promise<IteratorResult<ExecutionResult>>((resolve, reject) => {
              waiting = resolve;
              failWaiting = reject;
            }),
    return: async () => {
      returned++;
      ended = true;
      waiting?.({ done: true, value: undefined });
      return { done: true as const, value: undefined };
    },
  };
  return {
    iterator,
    push(result: ExecutionResult) {
      if (waiting) {
        const w = waiting;
        waiting = null;
        w({ done: false, value: result });
      } else queue.push(result);
    },
    end() {
      ended = true;
      waiting?.({ done: true, value: undefined });
    },
    fail(error: Error) {
      failWaiting?.(error);
    },
    get returned() {
      return returned;
    },
  };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('fan-out of subscription results', () => {
  it('executes once per group and writes the same payload to every member, each with its own id', async () => {
    const fanout = createFanout();
    const first = stream();
    const second = stream();
    const sent: string[] = [];
    fanout.join('k', 'a', first.iterator, (text) => sent.push(text));
    fanout.join('k', 'b', second.iterator, (text) => sent.push(text));
    // The second subscriber's own stream is closed: the group's is the first one's.
    expect(second.returned).toBe(1);
    expect(fanout.stats()).toEqual({ groups: 1, members: 2 });
    first.push({ data: { sessionEvents: { kind: 'PROFILE_UPDATED', thisSession: true } } });
    await tick();
    expect(sent.map((text) => JSON.parse(text))).toEqual([
      { id: 'a', type: 'next', payload: { data: { sessionEvents: { kind: 'PROFILE_UPDATED', thisSession: true } } } },
      { id: 'b', type: 'next', payload: { data: { sessionEvents: { kind: 'PROFILE_UPDATED', thisSession: true } } } },
    ]);
  });

  it('keeps groups of different keys apart', async () => {
    const fanout = createFanout();
    const mine = stream();
    const theirs = stream();
    const sent: Record<string, string[]> = { a: [], b: [] };
    fanout.join('viewer 1', 'a', mine.iterator, (text) => sent.a.push(text));
    fanout.join('viewer 2', 'b', theirs.iterator, (text) => sent.b.push(text));
    expect(fanout.stats()).toEqual({ groups: 2, members: 2 });
    mine.push({ data: { x: 1 } });
    theirs.push({ data: { x: 2 } });
    await tick();
    expect(sent).toEqual({ a: ['{"id":"a","type":"next","payload":{"data":{"x":1}}}'], b: ['{"id":"b","type":"next","payload":{"data":{"x":2}}}'] });
  });

  it('stops writing to a member that left, and closes the stream with the last member', async () => {
    const fanout = createFanout();
    const source = stream();
    const sent: string[] = [];
    const a = fanout.join('k', 'a', source.iterator, (text) => sent.push(`a ${text}`));
    const b = fanout.join('k', 'b', stream().iterator, (text) => sent.push(`b ${text}`));
    const aDone = a.next();
    expect(await a.return(undefined)).toEqual({ done: true, value: undefined });
    expect(await aDone).toEqual({ done: true, value: undefined });
    source.push({ data: { x: 1 } });
    await tick();
    expect(sent).toEqual(['b {"id":"b","type":"next","payload":{"data":{"x":1}}}']);
    expect(source.returned).toBe(0);
    await b.return(undefined);
    expect(source.returned).toBe(1);
    expect(fanout.stats()).toEqual({ groups: 0, members: 0 });
    // A later subscriber starts a new group with its own stream.
    const next = stream();
    fanout.join('k', 'c', next.iterator, () => {});
    expect(next.returned).toBe(0);
    expect(fanout.stats()).toEqual({ groups: 1, members: 1 });
  });

  it('completes every member when the stream ends, and fails every member when it fails', async () => {
    const fanout = createFanout();
    const ending = stream();
    const a = fanout.join('k', 'a', ending.iterator, () => {});
    const b = fanout.join('k', 'b', stream().iterator, () => {});
    const pending = [a.next(), b.next()];
    ending.end();
    expect(await Promise.all(pending)).toEqual([
      { done: true, value: undefined },
      { done: true, value: undefined },
    ]);
    expect(fanout.stats()).toEqual({ groups: 0, members: 0 });

    const failing = stream();
    const c = fanout.join('k', 'c', failing.iterator, () => {});
    const pendingC = c.next();
    failing.fail(new Error('Redis se fue'));
    await expect(pendingC).rejects.toThrow('Redis se fue');
    await expect(c.next()).rejects.toThrow('Redis se fue');
  });

  it('writes errors after the data, as graphql-ws does', () => {
    const result: ExecutionResult = { errors: [new GraphQLError('No autorizado', { extensions: { code: 'FORBIDDEN' } })], data: null };
    expect(nextPayloadJson(result)).toBe('{"data":null,"errors":[{"message":"No autorizado","extensions":{"code":"FORBIDDEN"}}]}');
  });
});
