import { describe, expect, it } from 'vitest';
import { isExpired, isImage, mergePosts, shareText, showsResults, withOption, withoutOption } from './feedTexts.js';

describe('shareText', () => {
  it('shows 2 decimals', () => {
    expect(shareText(33.333)).toBe('33.33 %');
    expect(shareText(50)).toBe('50.00 %');
    expect(shareText(Number.NaN)).toBe('0.00 %');
  });
});

describe('showsResults', () => {
  it('after voting, to the author, or closed', () => {
    expect(showsResults({ myVoteOptionId: null, isMine: false })).toBe(false);
    expect(showsResults({ myVoteOptionId: 3, isMine: false })).toBe(true);
    expect(showsResults({ myVoteOptionId: null, isMine: true })).toBe(true);
    expect(showsResults({ myVoteOptionId: null, isMine: false }, true)).toBe(true);
  });
});

describe('isExpired', () => {
  it('compares the last day with today', () => {
    expect(isExpired('2026-01-01', '2026-01-02')).toBe(true);
    expect(isExpired('2026-01-02', '2026-01-02')).toBe(false);
    expect(isExpired(null, '2026-01-02')).toBe(false);
  });
});

describe('mergePosts', () => {
  it('replaces known posts and keeps newest first', () => {
    const merged = mergePosts(
      [
        { databaseId: 5, v: 'a' },
        { databaseId: 3, v: 'a' },
      ],
      [
        { databaseId: 3, v: 'b' },
        { databaseId: 7, v: 'b' },
      ],
    );
    expect(merged).toEqual([
      { databaseId: 7, v: 'b' },
      { databaseId: 5, v: 'a' },
      { databaseId: 3, v: 'b' },
    ]);
  });
});

describe('poll options', () => {
  it('adds up to 5 and removes down to 2', () => {
    expect(withOption(['a', 'b'])).toEqual(['a', 'b', '']);
    expect(withOption(['1', '2', '3', '4', '5'])).toHaveLength(5);
    expect(withoutOption(['a', 'b', 'c'], 1)).toEqual(['a', 'c']);
    expect(withoutOption(['a', 'b'], 0)).toEqual(['a', 'b']);
  });
});

describe('isImage', () => {
  it('knows the image types', () => {
    expect(isImage('image/png')).toBe(true);
    expect(isImage('application/pdf')).toBe(false);
  });
});
