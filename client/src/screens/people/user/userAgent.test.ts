import { describe, expect, it } from 'vitest';
import { describeUserAgent } from './userAgent.js';

describe('describeUserAgent', () => {
  it('names the browser and the system people know', () => {
    expect(describeUserAgent('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36 Edg/120.0')).toEqual({
      browser: 'Edge',
      system: 'Windows',
    });
    expect(
      describeUserAgent(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      ),
    ).toEqual({
      browser: 'Safari',
      system: 'iPhone',
    });
    expect(describeUserAgent('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36')).toEqual({
      browser: 'Chrome',
      system: 'Linux',
    });
  });

  it('answers null for what it cannot name', () => {
    expect(describeUserAgent('curl/8.0')).toBeNull();
    expect(describeUserAgent(null)).toBeNull();
  });
});
