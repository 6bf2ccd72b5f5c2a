// Fast capture of readings: typed values are kept per house, and the changed ones are saved together a
// moment after typing stops. A save in flight never overlaps another; what changed meanwhile goes in the
// next one. The server's per-house errors stay beside their rows until the value changes again.
import { useCallback, useEffect, useRef, useState } from 'react';
import { Money } from '../../../../../../core/money.js';

/** A reading as the server keeps it: Decimal(14,3), never negative. */
export const READING_PATTERN = /^\d{1,11}(\.\d{1,3})?$/;

/** Pause after the last keystroke before the changed rows are saved. */
export const SAVE_DELAY_MS = 700;

export interface CaptureRow {
  /** The house's key in the save (its global id). */
  houseId: string;
  houseLabel: string;
  previous: string;
  measurement: string | null;
  edited: boolean;
}

export interface SaveItem {
  houseId: string;
  measurement: string;
}

/**
 * The answer of a save. The server keeps all the items or none: when it names refused houses, the others
 * were not kept either, and are sent again at once without the refused ones.
 */
export interface SaveResult {
  /** False when the call itself failed (network, session): every item stays pending. */
  ok: boolean;
  errors: { houseId: string; message: string }[];
  /** A message for the whole save (the period is no longer in capture). */
  message?: string;
}

export type SaveState = 'idle' | 'pending' | 'saving' | 'saved' | 'error';

/** The text of a reading as typed: blank means no reading; commas and spaces are dropped. */
export function normalizeReading(text: string): string {
  return text.replace(/[\s,]/g, '');
}

/** Consumption = reading - previous, or null while the reading is blank or not a number. */
export function consumption(previous: string, reading: string): string | null {
  const value = normalizeReading(reading);
  if (!value || !READING_PATTERN.test(value)) return null;
  return new Money(value)
    .minus(new Money(previous || '0'))
    .toFixed(3)
    .replace(/\.?0+$/, '');
}

export function useCapture(
  rows: readonly CaptureRow[],
  save: (items: SaveItem[]) => Promise<SaveResult>,
  messages: { invalid: string; blank: string },
  /** Changes when the server's readings changed elsewhere (a sheet uploaded): what is not pending is read anew. */
  resetKey = 0,
) {
  // Typed text per house (only houses the user touched).
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [state, setState] = useState<SaveState>('idle');
  const [failure, setFailure] = useState<string | null>(null);
  // What the server holds per house after our saves (so a value typed back to it is not re-sent).
  const saved = useRef<Record<string, string | null>>({});
  const dirty = useRef(new Set<string>());
  // Houses the server refused with the value they have now: not sent again until they change.
  const blocked = useRef(new Set<string>());
  const draftsRef = useRef(drafts);
  draftsRef.current = drafts;
  const inFlight = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const saveRef = useRef(save);
  saveRef.current = save;
  const mounted = useRef(true);

  const serverValue = useCallback(
    (houseId: string) => (houseId in saved.current ? saved.current[houseId] : (rows.find((r) => r.houseId === houseId)?.measurement ?? null)),
    [rows],
  );

  const flush = useCallback(async (): Promise<void> => {
    if (timer.current) {
      clearTimeout(timer.current);
      timer.current = null;
    }
    if (inFlight.current) return;
    const items: SaveItem[] = [];
    const invalid: Record<string, string> = {};
    for (const houseId of dirty.current) {
      if (blocked.current.has(houseId)) continue;
      const value = normalizeReading(draftsRef.current[houseId] ?? '');
      // A captured reading can be changed but not erased.
      if (!value) {
        invalid[houseId] = messages.blank;
        continue;
      }
      if (!READING_PATTERN.test(value)) {
        invalid[houseId] = messages.invalid;
        continue;
      }
      items.push({ houseId, measurement: value });
    }
    if (Object.keys(invalid).length && mounted.current) setErrors((e) => ({ ...e, ...invalid }));
    if (items.length === 0) {
      if (mounted.current) setState(Object.keys(invalid).length || blocked.current.size ? 'error' : 'saved');
      return;
    }
    inFlight.current = true;
    if (mounted.current) setState('saving');
    for (const item of items) dirty.current.delete(item.houseId);
    let result: SaveResult;
    try {
      result = await saveRef.current(items);
    } catch {
      result = { ok: false, errors: [] };
    }
    inFlight.current = false;
    if (!result.ok) {
      // Nothing was kept: the items wait for the next change or a retry.
      for (const item of items) dirty.current.add(item.houseId);
      if (mounted.current) {
        setFailure(result.message ?? null);
        setState('error');
      }
      return;
    }
    const refused = new Map(result.errors.map((e) => [e.houseId, e.message]));
    if (refused.size > 0) {
      // Nothing was kept: the refused rows wait for a new value, the others go again now.
      for (const item of items) {
        dirty.current.add(item.houseId);
        if (refused.has(item.houseId)) blocked.current.add(item.houseId);
      }
    } else for (const item of items) saved.current[item.houseId] = item.measurement;
    if (!mounted.current) return;
    setFailure(null);
    setErrors((current) => {
      const next = { ...current };
      for (const item of items) {
        // A value typed again while saving keeps its own fate.
        if (dirty.current.has(item.houseId) && !blocked.current.has(item.houseId)) continue;
        const message = refused.get(item.houseId);
        if (message) next[item.houseId] = message;
        else delete next[item.houseId];
      }
      return next;
    });
    const sendable = [...dirty.current].some((houseId) => !blocked.current.has(houseId) && !(houseId in invalid));
    if (sendable) {
      setState('pending');
      void flush();
    } else setState(refused.size > 0 || blocked.current.size > 0 || Object.keys(invalid).length > 0 ? 'error' : 'saved');
  }, [messages.invalid, messages.blank]);

  const schedule = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => void flush(), SAVE_DELAY_MS);
  }, [flush]);

  const change = useCallback(
    (houseId: string, text: string) => {
      setDrafts((d) => ({ ...d, [houseId]: text }));
      draftsRef.current = { ...draftsRef.current, [houseId]: text };
      blocked.current.delete(houseId);
      setErrors((e) => {
        if (!(houseId in e)) return e;
        const next = { ...e };
        delete next[houseId];
        return next;
      });
      const value = normalizeReading(text) || null;
      if (value === serverValue(houseId)) dirty.current.delete(houseId);
      else dirty.current.add(houseId);
      if (dirty.current.size === 0 && !inFlight.current) {
        if (timer.current) clearTimeout(timer.current);
        setState((s) => (s === 'pending' ? 'saved' : s));
        return;
      }
      setState((s) => (s === 'saving' ? s : 'pending'));
      schedule();
    },
    [schedule, serverValue],
  );

  useEffect(() => {
    if (!resetKey) return;
    const keep = (houseId: string) => dirty.current.has(houseId) || inFlight.current;
    saved.current = {};
    setDrafts((d) => Object.fromEntries(Object.entries(d).filter(([houseId]) => keep(houseId))));
    draftsRef.current = Object.fromEntries(Object.entries(draftsRef.current).filter(([houseId]) => keep(houseId)));
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([houseId]) => keep(houseId))));
  }, [resetKey]);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      // Leaving the screen still sends what was typed.
      if (dirty.current.size > 0) void flush();
    };
  }, [flush]);

  const textOf = (row: CaptureRow) => drafts[row.houseId] ?? row.measurement ?? '';
  // Against what the server holds now: this screen's saves included (the list's rows are as loaded).
  const changed = (row: CaptureRow) => row.houseId in drafts && (normalizeReading(drafts[row.houseId]) || null) !== serverValue(row.houseId);
  /** Saved by a user: as loaded, or saved from this screen. */
  const edited = (row: CaptureRow) => row.edited || saved.current[row.houseId] != null;
  return { textOf, changed, edited, change, flush, errors, state, failure, hasPending: () => dirty.current.size > 0 || inFlight.current };
}
