import { useState } from 'react';
import { CloseButton, TextInput, type TextInputProps } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useSearchParams } from 'react-router';
import { searchWithFilter } from './paging.js';

/**
 * A text filter kept in the query string (?<name>=): what is typed goes there after a pause (back to
 * page 1), and Back or Forward bring the box in line with the address.
 */
/** How long typing pauses before the filter applies. */
export const TYPING_DELAY_MS = 350;

export function SearchFilter({
  name,
  clearLabel,
  ...props
}: { name: string /** With it, a button clears the filter at once. */; clearLabel?: string } & Omit<TextInputProps, 'name' | 'value' | 'onChange'>) {
  const [search, setSearch] = useSearchParams();
  const current = search.get(name) ?? '';
  const [typed, setTyped] = useState(current);
  const [seen, setSeen] = useState(current);
  if (current !== seen) {
    setSeen(current);
    if (current !== typed.trim()) setTyped(current);
  }
  const apply = useDebouncedCallback((value: string) => setSearch((previous) => searchWithFilter(previous, name, value)), TYPING_DELAY_MS);
  return (
    <TextInput
      {...props}
      value={typed}
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
