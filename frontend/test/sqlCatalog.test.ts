import { describe, expect, it } from 'vitest';
import { catalogOf, columnsInScope, functionCompletions, namespaceOf } from '../src/sql/catalog';
import type { SqlTable, StreamView } from '../src/types';

const visits: SqlTable = { name: 'visits', static: false, columns: [
  { name: 'timestamp', type: 'timestamp', nullable: true }, { name: 'value', type: 'bigint', nullable: true }] };
const prices: SqlTable = { name: 'prices', static: true, columns: [{ name: 'sku', type: 'string', nullable: true }] };
const orders = { name: 'orders', columns: [{ name: 'order_id', type: 'string', nullable: false },
  { name: 'amount', type: 'double', nullable: true }] } as StreamView;
const shadowed = { name: 'VISITS', columns: [{ name: 'other', type: 'int', nullable: true }] } as StreamView;
const functions = [{ name: 'count', kind: 'aggregate' }, { name: 'window', kind: 'window' }] as const;

describe('the SQL catalog', () => {
  const catalog = catalogOf([visits, prices], [orders, shadowed], [...functions]);

  it('names the spec\'s tables, then the streams no table of the spec shadows, in any case', () => {
    expect(catalog.tables.map((t) => [t.name, t.kind])).toEqual([['visits', 'stream'], ['prices', 'static'], ['orders', 'log']]);
  });

  it('gives CodeMirror each table with its columns', () => {
    const namespace = namespaceOf(catalog) as Record<string, { self: { label: string; detail: string };
      children: { label: string; detail: string }[] }>;
    expect(Object.keys(namespace)).toEqual(['visits', 'prices', 'orders']);
    expect(namespace.orders?.self.detail).toBe('event-log stream');
    expect(namespace.visits?.children.map((c) => c.label)).toEqual(['timestamp', 'value']);
    expect(namespace.visits?.children[1]?.detail).toBe('bigint · visits');
  });

  it('completes a function with its parenthesis and says its kind', () => {
    expect(functionCompletions(catalog)).toEqual([
      { label: 'count', type: 'function', detail: 'aggregate', apply: 'count(' },
      { label: 'window', type: 'function', detail: 'window', apply: 'window(' }]);
  });

  it('offers the columns of the tables a statement names and the names it gives with AS', () => {
    const sql = 'SELECT window(event_time, \'8 seconds\') AS w, count(*) AS n FROM visits WATERMARK '
      + 'CAST(timestamp AS TIMESTAMP) AS event_time DELAY OF INTERVAL 4 SECONDS GROUP BY ';
    expect(columnsInScope(sql, catalog).map((c) => c.label)).toEqual(['timestamp', 'value', 'w', 'n', 'event_time']);
  });

  it('does not take a table\'s name in a string or a comment for the table', () => {
    expect(columnsInScope('SELECT \'orders\' -- prices\nFROM visits', catalog).map((c) => c.label))
      .toEqual(['timestamp', 'value']);
  });
});
