import { consoleCell } from '../format';
import { h } from './dom';

/**
 * A table as Spark's console sink prints it, in a box that scrolls sideways: a heading per
 * column (a text, or a `th` of its own for one with a class), then `rows`.
 */
export function consoleTable(headings: readonly (string | HTMLTableCellElement)[], rows: readonly HTMLElement[]): HTMLElement {
  return h('div', { class: 'table-scroll' }, h('table', { class: 'console' },
    h('thead', {}, h('tr', {}, ...headings.map((c) => (typeof c === 'string' ? h('th', {}, c) : c)))),
    h('tbody', {}, ...rows)));
}

/** The cells of `row` under `columns`, each value as the console sink prints it. */
export function consoleCells(columns: readonly string[], row: Readonly<Record<string, unknown>>): HTMLTableCellElement[] {
  return columns.map((c) => h('td', {}, consoleCell(row[c])));
}
