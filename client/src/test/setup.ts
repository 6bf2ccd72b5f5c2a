import { vi } from 'vitest';

// relay-test-utils' mock environment spies with jest's API; vitest's is the same.
(globalThis as { jest?: unknown }).jest = vi;
