// Pure helpers of the shared files' screens.

/** A file's size as people read it: «830 B», «12.4 KB», «3.1 MB». */
export function fileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  if (bytes < 1024) return `${bytes} B`;
  const kb = bytes / 1024;
  if (kb < 1024) return `${kb.toFixed(kb < 10 ? 1 : 0)} KB`;
  const mb = kb / 1024;
  return `${mb.toFixed(1)} MB`;
}

/** The list's filter from the query string: ?search= (part of the name or a whole tag), ?tag=, ?access=. */
export function sharedFileFilterOf(search: URLSearchParams): { search: string | null; tag: string | null; access: 'NEIGHBORS' | 'OWNERS' | 'ONLY_ME' | null } {
  const access = search.get('access');
  return {
    search: search.get('search')?.trim() || null,
    tag: search.get('tag')?.trim() || null,
    access: access === 'NEIGHBORS' || access === 'OWNERS' || access === 'ONLY_ME' ? access : null,
  };
}
