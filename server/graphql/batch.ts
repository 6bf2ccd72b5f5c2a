// Per-request batching of the list's per-invoice fields: every key asked for in one tick is read with one
// statement (the CFDI list reads a page in a fixed number of statements, not three per invoice).
type Batch = { keys: Set<number>; result: Promise<Map<number, unknown>> };
const batches = new WeakMap<object, Map<string, Batch>>();

export function loadBatched<T>(ctx: object, name: string, key: number, load: (keys: number[]) => Promise<Map<number, T>>): Promise<T | undefined> {
  let byName = batches.get(ctx);
  if (!byName) {
    byName = new Map();
    batches.set(ctx, byName);
  }
  let batch = byName.get(name);
  if (!batch) {
    const keys = new Set<number>();
    const names = byName;
    const result = new Promise<void>((resolve) => queueMicrotask(resolve)).then(() => {
      names.delete(name);
      return load([...keys]) as Promise<Map<number, unknown>>;
    });
    batch = { keys, result };
    byName.set(name, batch);
  }
  batch.keys.add(key);
  return batch.result.then((map) => map.get(key) as T | undefined);
}
