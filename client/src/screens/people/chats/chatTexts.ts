// What the chat screens say about a conversation, apart from the screens so it can be tested alone.
import { formatDate, formatTime } from '../../../format.js';

export type ChatStatusName = 'ACTIVE' | 'INVITATION_SENT' | 'INVITATION_RECEIVED' | 'BLOCKED';

/** The i18n key of the hint a conversation's row shows for its status; none for an active one. */
export function statusHintKey(status: string): string | null {
  return status === 'INVITATION_SENT' || status === 'INVITATION_RECEIVED' || status === 'BLOCKED' ? `chats.status.${status}` : null;
}

export const STATUS_COLORS: Record<string, string> = { INVITATION_SENT: 'yellow', INVITATION_RECEIVED: 'blue', BLOCKED: 'red' };

/** One line of a message for a list: its whitespace folded and cut at `max` characters. */
export function excerpt(text: string, max = 90): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1).trimEnd()}…` : line;
}

/** When something happened, short: the time today, else the date (in the community's time zone). */
export function whenShort(at: string | Date, now: Date = new Date()): string {
  return formatDate(at) === formatDate(now) ? formatTime(at) : formatDate(at);
}

export interface MessageData {
  id: string;
  databaseId: number;
  text: string;
  isMine: boolean;
  senderName: string;
  createdAt: string;
}

/** Messages shown and new ones, once each, oldest first. */
export function mergeMessages(shown: readonly MessageData[], incoming: readonly MessageData[]): MessageData[] {
  const byId = new Map<number, MessageData>();
  for (const m of shown) byId.set(m.databaseId, m);
  for (const m of incoming) byId.set(m.databaseId, m);
  return [...byId.values()].sort((a, b) => a.databaseId - b.databaseId);
}
