import { describe, expect, it } from 'vitest';
import { excerpt, mergeMessages, statusHintKey, whenShort } from './chatTexts.js';
import { chatTarget } from './routes.js';

const message = (databaseId: number, text = `m${databaseId}`) => ({
  id: `M${databaseId}`,
  databaseId,
  text,
  isMine: false,
  senderName: 'Ana',
  createdAt: '2026-11-28T16:00:00Z',
});

describe('chatTarget', () => {
  it('reads digits as a person and anything else as a conversation', () => {
    expect(chatTarget('42')).toEqual({ identifier: '', userId: 42, byUser: true });
    expect(chatTarget('0b6f6c0e-8c1d-4a39-9a43-8f1f2a0d8c11')).toEqual({ identifier: '0b6f6c0e-8c1d-4a39-9a43-8f1f2a0d8c11', userId: 0, byUser: false });
    expect(chatTarget(undefined).byUser).toBe(false);
  });
});

describe('statusHintKey', () => {
  it('names pending and blocked conversations only', () => {
    expect(statusHintKey('ACTIVE')).toBeNull();
    expect(statusHintKey('INVITATION_SENT')).toBe('chats.status.INVITATION_SENT');
    expect(statusHintKey('INVITATION_RECEIVED')).toBe('chats.status.INVITATION_RECEIVED');
    expect(statusHintKey('BLOCKED')).toBe('chats.status.BLOCKED');
  });
});

describe('excerpt', () => {
  it('folds lines and cuts long text', () => {
    expect(excerpt('Hola\n\n  vecino')).toBe('Hola vecino');
    expect(excerpt('a'.repeat(100), 10)).toBe(`${'a'.repeat(9)}…`);
  });
});

describe('whenShort', () => {
  it('says the time today and the date otherwise, in the community time zone', () => {
    const now = new Date('2026-11-28T20:00:00Z');
    expect(whenShort('2026-11-28T16:05:00Z', now)).toBe('10:05');
    expect(whenShort('2026-11-20T16:05:00Z', now)).toBe('20/11/2026');
  });
});

describe('mergeMessages', () => {
  it('keeps each message once, oldest first', () => {
    const merged = mergeMessages([message(3), message(5)], [message(4), message(5, 'again'), message(1)]);
    expect(merged.map((m) => m.databaseId)).toEqual([1, 3, 4, 5]);
    expect(merged[3]?.text).toBe('again');
  });
});
