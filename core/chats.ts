// Chats and friendships (spec 3 "Chat and friendship"): the message schema the chat screen and the server share,
// the pages, and where a conversation stands for the person who looks at it.
import { z } from 'zod';
import { boundedText } from './input.js';

/** Messages come 20 a page, older ones by the oldest id shown (old_id); chat and people lists by 20; the dashboard's unread chats are 5. */
export const MESSAGES_PAGE = 20;
export const CHATS_PAGE = 20;
export const DASHBOARD_UNREAD_CHATS = 5;
export const MAX_MESSAGE_LENGTH = 4_000;

export const CHAT_MESSAGES = {
  deleted: 'La conversación ha sido eliminada',
  cancelled: 'La invitación ha sido cancelada',
  blocked: 'El usuario ha sido bloqueado',
  invited: 'La invitación ha sido enviada',
  sent: 'El mensaje ha sido enviado',
  messageRequired: 'Escribe el mensaje',
  emailRequired: 'Escribe el correo electrónico',
  emailInvalid: 'El correo electrónico no es válido',
} as const;

export const MessageFields = z.object({
  text: boundedText(MAX_MESSAGE_LENGTH, 'El mensaje').refine((v) => v !== '', CHAT_MESSAGES.messageRequired),
  sendEmail: z
    .boolean()
    .nullish()
    .transform((v) => v ?? false),
});
export type MessageInput = z.input<typeof MessageFields>;

export const FriendSearchFields = z.object({
  email: z
    .string()
    .max(254, CHAT_MESSAGES.emailInvalid)
    .transform((v) => v.trim().toLowerCase())
    .pipe(z.string().min(1, CHAT_MESSAGES.emailRequired).email(CHAT_MESSAGES.emailInvalid)),
});

/**
 * Where a conversation stands for one of its two people: ACTIVE once both answered; INVITATION_SENT while the
 * other has not answered this person's invitation; INVITATION_RECEIVED while this person has not answered the
 * other's; BLOCKED once either blocked the other.
 */
export const CHAT_STATUSES = ['ACTIVE', 'INVITATION_SENT', 'INVITATION_RECEIVED', 'BLOCKED'] as const;
export type ChatStatus = (typeof CHAT_STATUSES)[number];

export function chatStatus(chat: { blockedByUserId: number | null; meActive: boolean; otherActive: boolean }): ChatStatus {
  if (chat.blockedByUserId !== null) return 'BLOCKED';
  if (!chat.meActive) return 'INVITATION_RECEIVED';
  if (!chat.otherActive) return 'INVITATION_SENT';
  return 'ACTIVE';
}

/** What each person may do with the conversation (spec 3: delete only when every participant is active; the sender cancels; the invitee blocks). */
export function chatActions(status: ChatStatus, blockedByMe: boolean) {
  return {
    canWrite: status !== 'BLOCKED',
    canDelete: status === 'ACTIVE' || (status === 'BLOCKED' && !blockedByMe),
    canCancel: status === 'INVITATION_SENT',
    canBlock: status === 'INVITATION_RECEIVED' || status === 'ACTIVE',
  };
}

/** The key of a TALK between two people: one conversation per pair, whoever invited. */
export const pairKey = (a: number, b: number) => (a < b ? `${a}:${b}` : `${b}:${a}`);

/** An unread count as the menu's badge shows it. */
export const unreadBadge = (n: number) => (n > 99 ? '99+' : String(n));
