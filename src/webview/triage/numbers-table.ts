// A chart's numbers as a table folded under it: its text alternative, and the exact counts.
import { el } from '../shared/dom';

export function numbersTable(caption: string, head: readonly string[], rows: readonly (readonly string[])[]): HTMLElement {
  const tr = (cells: readonly string[], tag: 'th' | 'td') => el('tr', undefined, ...cells.map((c, i) => (i === 0 && tag === 'td' ? Object.assign(el('th', undefined, c), { scope: 'row' }) : el(tag, tag === 'td' ? 'num' : undefined, c))));
  const table = el('table', 'numbers', el('thead', undefined, tr(head, 'th')), el('tbody', undefined, ...rows.map((r) => tr(r, 'td'))));
  return el('details', 'chart-numbers', el('summary', undefined, caption), table);
}

