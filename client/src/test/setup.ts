import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// relay-test-utils' mock environment spies with jest's API; vitest's is the same.
(globalThis as { jest?: unknown }).jest = vi;

// Mantine asks for media queries, observes sizes, scrolls options into view and waits for fonts; jsdom has none of them.
window.matchMedia ??= ((query: string) => ({
  matches: false,
  media: query,
  onchange: null,
  addListener: () => {},
  removeListener: () => {},
  addEventListener: () => {},
  removeEventListener: () => {},
  dispatchEvent: () => false,
})) as typeof window.matchMedia;
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
Element.prototype.scrollIntoView ??= () => {};
// Mantine's autosize textarea listens for web fonts, which jsdom does not load.
(document as { fonts?: unknown }).fonts ??= { addEventListener: () => {}, removeEventListener: () => {} };

afterEach(cleanup);

// CI runs the client's tests beside two database passes and their browsers on two cores: findBy and waitFor wait up
// to 5 s there (testing-library's 1 s was seen to run out for a notice that takes a dynamic import).
configure({ asyncUtilTimeout: 5_000 });
