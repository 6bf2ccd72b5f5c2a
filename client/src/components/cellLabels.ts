// Phones show a list's table rows as cards (PagedList.module.css): each cell says which column it is
// in through data-label, copied here from the table's header row. A MutationObserver keeps the labels
// right when rows or headers change (a new page, a refetch, a column shown or hidden).

/** Sets data-label on every body cell of the tables inside `root` from the header cell above it. */
export function labelTableCells(root: ParentNode) {
  for (const table of Array.from(root.querySelectorAll('table'))) {
    // A table inside a cell (a detail) keeps its own layout.
    if (table.parentElement?.closest('td, th')) continue;
    const labels: string[] = [];
    const head = table.tHead?.rows[0];
    if (head) {
      for (const th of Array.from(head.cells)) {
        const text = th.textContent?.trim() ?? '';
        for (let i = 0; i < th.colSpan; i++) labels.push(i === 0 ? text : '');
      }
    }
    for (const body of Array.from(table.tBodies)) {
      for (const row of Array.from(body.rows)) {
        let column = 0;
        for (const cell of Array.from(row.cells)) {
          const label = labels[column] ?? '';
          if (cell.getAttribute('data-label') !== label) cell.setAttribute('data-label', label);
          column += cell.colSpan;
        }
      }
    }
  }
}

/**
 * A ref callback: labels the cells under the element now and whenever its content changes (React 19
 * calls the returned cleanup when the element goes).
 */
export function labelCellsOf(root: HTMLElement | null): (() => void) | undefined {
  if (!root || typeof MutationObserver === 'undefined') return;
  labelTableCells(root);
  // Only structure and text are observed: the attributes set here do not wake the observer again.
  const observer = new MutationObserver(() => labelTableCells(root));
  observer.observe(root, { childList: true, subtree: true, characterData: true });
  return () => observer.disconnect();
}
