// Domain events inside a write(): a module says what happened ("house.activated", "receipt.paid") and the
// modules that care subscribe when they load, so the module that announces imports none of them (property
// does not import money, receivables do not import invoicing). Subscribers run inside the announcer's
// transaction, in the order they subscribed: what they write commits or rolls back with the change they
// follow, and a subscriber may refuse the change by throwing (docs/decisions.md, «Domain events run inside
// the write»). Work that must wait for the commit (mail, pub/sub, jobs kicked) stays on write()'s afterCommit.
//
// The events and their payloads are declared by the module that announces them, by augmenting DomainEvents:
//   declare module '../../../kernel/events.js' { interface DomainEvents { 'house.activated': { houseId: number } } }
import type { Tx } from './context.js';

// biome-ignore lint/suspicious/noEmptyInterface: filled in by the announcing modules (declaration merging).
export interface DomainEvents {}

export type DomainEventName = keyof DomainEvents;
type Subscriber<K extends DomainEventName> = (tx: Tx, event: DomainEvents[K]) => Promise<unknown> | unknown;

const subscribers = new Map<DomainEventName, Subscriber<never>[]>();

/** Runs `subscriber` inside every write that announces `name` (after the subscribers registered before it). */
export function subscribe<K extends DomainEventName>(name: K, subscriber: Subscriber<K>): void {
  const list = subscribers.get(name) ?? [];
  list.push(subscriber as Subscriber<never>);
  subscribers.set(name, list);
}

/** Tells the subscribers of `name`, one after another, inside the caller's transaction. */
export async function announce<K extends DomainEventName>(tx: Tx, name: K, event: DomainEvents[K]): Promise<void> {
  for (const subscriber of subscribers.get(name) ?? []) await (subscriber as Subscriber<K>)(tx, event);
}
