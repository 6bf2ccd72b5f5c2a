// One execution per event for every socket that would compute the same answer. Subscribers of the same
// operation text, variables and context (the viewer as loaded at subscribe time, the client's address and
// user agent) form a group: the group's first subscription stream (the full envelop pipeline: scope
// checks, error masking) is executed once per event, its payload serialized once, and the `next` message
// written to every member's socket directly, with no promise, iterator or stringify per socket. Each
// subscriber still runs its own subscribe phase (auth, the field's subscribe checks) before it joins;
// its own stream is then closed. A member leaves when graphql-ws returns its iterator (the client's
// complete, the socket's close); the group's stream is closed with its last member, and when the stream
// ends or fails every member completes or gets the error as graphql-ws would send it.
import type { ExecutionResult } from 'graphql';

type Source = AsyncIterator<ExecutionResult> & { return?: () => Promise<unknown> };

interface Member {
  prefix: string;
  send: (text: string) => void;
  group: Group | null;
  waiting: { resolve: (step: IteratorResult<never>) => void; reject: (error: unknown) => void } | null;
  ended: boolean;
  error?: unknown;
}

interface Group {
  key: string;
  source: Source;
  members: Set<Member>;
}

/** The payload of graphql-ws's next message for a result: errors last and as JSON (emit.next in graphql-ws). */
export function nextPayloadJson(result: ExecutionResult): string {
  const { errors, ...rest } = result;
  return JSON.stringify(errors ? { ...rest, errors: errors.map((e) => e.toJSON()) } : rest);
}

export function createFanout() {
  const groups = new Map<string, Group>();

  function finish(member: Member, error?: unknown) {
    if (member.ended) return;
    member.ended = true;
    member.error = error;
    member.group = null;
    const waiting = member.waiting;
    member.waiting = null;
    if (!waiting) return;
    if (error === undefined) waiting.resolve({ done: true, value: undefined });
    else waiting.reject(error);
  }

  function leave(member: Member) {
    const group = member.group;
    finish(member);
    if (!group) return;
    group.members.delete(member);
    if (group.members.size === 0 && groups.get(group.key) === group) {
      groups.delete(group.key);
      void group.source.return?.().catch(() => undefined);
    }
  }

  async function pump(group: Group) {
    let failure: unknown;
    try {
      for (;;) {
        const step = await group.source.next();
        if (step.done) break;
        if (group.members.size === 0) continue;
        const payload = nextPayloadJson(step.value);
        for (const member of group.members) member.send(`${member.prefix}${payload}}`);
      }
    } catch (error) {
      failure = error instanceof Error ? error : new Error(String(error));
    }
    if (groups.get(group.key) === group) groups.delete(group.key);
    for (const member of group.members) finish(member, failure);
    group.members.clear();
  }

  return {
    /**
     * Joins a subscriber whose subscribe phase gave `source`: the group of `key` is joined (and `source`
     * closed) or started with it. `send` writes a message to the subscriber's socket. The iterator returned
     * yields nothing (the messages are written by the group) and ends when the group's stream ends.
     */
    join(key: string, id: string, source: Source, send: (text: string) => void): AsyncGenerator<never, void, unknown> {
      let group = groups.get(key);
      if (group) {
        void source.return?.().catch(() => undefined);
      } else {
        group = { key, source, members: new Set() };
        groups.set(key, group);
        void pump(group);
      }
      const member: Member = { prefix: `{"id":${JSON.stringify(id)},"type":"next","payload":`, send, group, waiting: null, ended: false };
      group.members.add(member);
      const iterator: AsyncGenerator<never, void, unknown> = {
        [Symbol.asyncIterator]: () => iterator,
        next: () =>
          member.ended
            ? member.error === undefined
              ? Promise.resolve({ done: true, value: undefined })
              : Promise.reject(member.error)
            : new Promise((resolve, reject) => {
                member.waiting = { resolve, reject };
              }),
        return: () => {
          leave(member);
          return Promise.resolve({ done: true, value: undefined });
        },
        throw: (error: unknown) => {
          leave(member);
          return Promise.reject(error);
        },
      };
      return iterator;
    },
    /** Groups and members now (tests, diagnostics). */
    stats() {
      let members = 0;
      for (const group of groups.values()) members += group.members.size;
      return { groups: groups.size, members };
    },
  };
}

export type Fanout = ReturnType<typeof createFanout>;
