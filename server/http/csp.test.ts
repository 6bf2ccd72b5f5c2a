import { describe, expect, it } from 'vitest';
import { embedUrl } from '../../core/feed.js';
import { contentSecurityPolicy, originsOf } from './csp.js';

describe('the page’s Content-Security-Policy', () => {
  it('frames only the video hosts a post embeds and the welcome pages’ https origins', () => {
    const policy = contentSecurityPolicy(originsOf(['https://olivos.example/bienvenida?x=1', 'http://insecure.example', 'no es url', null]));
    const frames = policy.split('; ').find((d) => d.startsWith('frame-src'));
    expect(frames).toBe("frame-src 'self' https://www.youtube-nocookie.com https://player.vimeo.com https://olivos.example");
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("object-src 'none'");
  });

  it('turns YouTube and Vimeo links into embed addresses the policy frames, and nothing else', () => {
    for (const link of ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'https://youtu.be/dQw4w9WgXcQ', 'https://m.youtube.com/shorts/dQw4w9WgXcQ']) {
      expect(embedUrl(link)).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    }
    expect(embedUrl('https://vimeo.com/76979871')).toBe('https://player.vimeo.com/video/76979871');
    for (const link of [
      'https://evil.example/watch?v=dQw4w9WgXcQ',
      'javascript:alert(1)',
      'https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ',
      'https://vimeo.com/abc',
    ]) {
      expect(embedUrl(link)).toBeNull();
    }
    const policy = contentSecurityPolicy([]);
    for (const link of ['https://youtu.be/dQw4w9WgXcQ', 'https://vimeo.com/76979871']) expect(policy).toContain(new URL(embedUrl(link)!).origin);
  });
});
