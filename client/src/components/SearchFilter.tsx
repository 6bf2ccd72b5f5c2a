import { useState } from 'react';
import { CloseButton, TextInput, type TextInputProps } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useSearchParams } from 'react-router';
import { searchWithFilter } from './paging.js';

/** How long typing pauses before the filter applies. */
export const TYPING_DELAY_MS = 350;

/**
 * A text filter kept in the query string (?<name>=): what is typed goes there after a pause (back to
 * page 1), and Back or Forward bring the box in line with the address. With `minLength`, text shorter
 * than that is not applied yet (the filter is removed) and `shortHint` says why under the box.
 */
export function SearchFilter({
  name,
  clearLabel,
  minLength = 0,
  shortHint,
  ...props
}: {
  name: string;
  /** With it, a button clears the filter at once. */
  clearLabel?: string;
  /** Characters before the text filters (spec 1 section 5: a house search starts at 2). */
  minLength?: number;
  shortHint?: string;
} & Omit<TextInputProps, 'name' | 'value' | 'onChange'>) {
  const [search, setSearch] = useSearchParams();
  const current = search.get(name) ?? '';
  const [typed, setTyped] = useState(current);
  const [seen, setSeen] = useState(current);
  const isShort = (text: string) => text.trim().length > 0 && text.trim().length < minLength;
  if (current !== seen) {
    setSeen(current);
    // Text too short to filter is not in the address on purpose: it stays in the box.
    if (current !== typed.trim() && !(current === '' && isShort(typed))) setTyped(current);
  }
  const apply = useDebouncedCallback((value: string) => {
    const next = isShort(value) ? '' : value.trim();
    // Nothing to change (a first character typed, or a space added): no new address, no refetch.
    if (next !== (search.get(name)?.trim() ?? '')) setSearch((previous) => searchWithFilter(previous, name, next));
  }, TYPING_DELAY_MS);
  const hint = isShort(typed) && shortHint;
  return (
    <TextInput
      {...props}
      value={typed}
      // The hint sits under the box without moving what is beside or below it.
      description={hint || props.description}
      inputWrapperOrder={hint ? ['label', 'input', 'description', 'error'] : undefined}
      styles={hint ? { root: { position: 'relative' }, description: { position: 'absolute', top: '100%', marginTop: 2, whiteSpace: 'nowrap' } } : undefined}
      onChange={(e) => {
        setTyped(e.currentTarget.value);
        apply(e.currentTarget.value);
      }}
      rightSection={
        clearLabel && typed ? (
          <CloseButton
            size="sm"
            aria-label={clearLabel}
            onClick={() => {
              apply.cancel?.();
              setTyped('');
              setSearch((previous) => searchWithFilter(previous, name, null));
            }}
          />
        ) : null
      }
    />
  );
}
