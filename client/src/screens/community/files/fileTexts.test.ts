import { describe, expect, it } from 'vitest';
import { fileSize, sharedFileFilterOf } from './fileTexts.js';

describe('fileSize', () => {
  it('reads bytes, kilobytes and megabytes', () => {
    expect(fileSize(830)).toBe('830 B');
    expect(fileSize(2048)).toBe('2.0 KB');
    expect(fileSize(150 * 1024)).toBe('150 KB');
    expect(fileSize(3.1 * 1024 * 1024)).toBe('3.1 MB');
    expect(fileSize(-1)).toBe('');
  });
});

describe('sharedFileFilterOf', () => {
  it('takes search, tag and a known access; blanks are null', () => {
    expect(sharedFileFilterOf(new URLSearchParams('search=%20acta%20&access=OWNERS'))).toEqual({ search: 'acta', tag: null, access: 'OWNERS' });
    expect(sharedFileFilterOf(new URLSearchParams('access=ALL&tag='))).toEqual({ search: null, tag: null, access: null });
  });
});
