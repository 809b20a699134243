import { describe, expect, it } from 'vitest';
import { lineColumn, locatePointer, syntaxError } from '../src/jsonLocate';
import { TEMPLATES, templateText } from '../src/templates';

const spec = `{
  "name": "typo",
  "steps": [
    {"withColumn": {"name": "event_time", "expr": "CAST(timestmp AS TIMESTAMP)"}}
  ],
  "sink": {"format": "console", "options": {"a/b": 1}}
}`;

describe('locatePointer', () => {
  it('finds the value a problem\'s pointer names', () => {
    const range = locatePointer(spec, '/steps/0/withColumn/expr');
    expect(spec.slice(range?.start, range?.end)).toBe('"CAST(timestmp AS TIMESTAMP)"');
    expect(lineColumn(spec, range?.start ?? 0)).toEqual({ line: 4, column: 51 });
  });

  it('finds the character at an expression position', () => {
    const range = locatePointer(spec, '/steps/0/withColumn/expr', 5);
    expect(spec.slice(range?.start, (range?.start ?? 0) + 8)).toBe('timestmp');
  });

  it('counts an escaped character as one position', () => {
    const text = '{"filter": "x = \\"a\\" AND bad"}';
    const range = locatePointer(text, '/filter', 12);
    expect(text.slice(range?.start, (range?.start ?? 0) + 3)).toBe('bad');
  });

  it('reads escaped pointer segments and falls back to the nearest written ancestor', () => {
    const escaped = locatePointer(spec, '/sink/options/a~1b');
    expect(spec.slice(escaped?.start, escaped?.end)).toBe('1');
    const missing = locatePointer(spec, '/sink/options/missing');
    expect(spec.slice(missing?.start, missing?.end)).toBe('{"a/b": 1}');
  });

  it('finds an array element by its index', () => {
    const range = locatePointer('[{"a": 1}, {"a": "x"}]', '/1/a');
    expect(range).toEqual({ start: 17, end: 20 });
  });

  it('answers null for text that is not JSON', () => {
    expect(locatePointer('{"name": ', '/name')).toBeNull();
  });
});

describe('syntaxError', () => {
  it('names the first place where the text stops being JSON and what was expected', () => {
    expect(syntaxError('{"a": 1,, }')).toEqual({ offset: 8, length: 1, message: 'Property name expected' });
    expect(syntaxError('{"a": 1 "b": 2}')?.message).toBe('Comma expected');
  });

  it('refuses what the service refuses: trailing commas and comments', () => {
    expect(syntaxError('{"a": 1,}')).not.toBeNull();
    expect(syntaxError('{"a": 1 // one\n}')).not.toBeNull();
    expect(syntaxError('')).not.toBeNull();
  });

  it('answers null for JSON', () => {
    expect(syntaxError(spec)).toBeNull();
  });
});

describe('templates', () => {
  const now = Date.UTC(2026, 9, 16, 13, 29, 7);

  it('are specs in SQL with a name from the clock, tables or a stream, and a sink', () => {
    for (const template of TEMPLATES) {
      const spec = JSON.parse(templateText(template, now));
      expect(spec.name).toMatch(/-132907$/);
      expect(spec.sql).toMatch(/^SELECT /);
      expect(spec).not.toHaveProperty('source');
      expect(spec).not.toHaveProperty('steps');
      expect(spec.sink.format).toBeTruthy();
    }
  });

  it('put the chapter\'s query first, and read a rate source, a stream, a Kafka topic and a directory of files', () => {
    expect(TEMPLATES[0]?.id).toBe('chapter');
    expect(TEMPLATES[0]?.spec(now).sql).toBe("SELECT window(event_time, '8 seconds') AS window, count(*) AS count\n"
      + 'FROM visits WATERMARK CAST(unix_timestamp(timestamp) - value % 3 AS TIMESTAMP) AS event_time\n'
      + "  DELAY OF INTERVAL 4 SECONDS\nGROUP BY window(event_time, '8 seconds')");
    const formats = TEMPLATES.flatMap((t) => Object.values(t.spec(now).tables ?? {}).map((table) => table.format));
    expect(formats).toEqual(expect.arrayContaining(['rate', 'rate-micro-batch', 'kafka', 'json', 'csv']));
    expect(TEMPLATES.some((t) => /FROM STREAM\(orders\)/.test(t.spec(now).sql ?? '') && !t.spec(now).tables)).toBe(true);
  });

  it('start every rate-micro-batch table at the minute of now', () => {
    const spec = JSON.parse(templateText(TEMPLATES.find((t) => t.id === 'join-stream')!, now));
    expect(spec.tables.impressions.options.startTimestamp).toBe(Date.UTC(2026, 9, 16, 13, 29));
    expect(spec.tables.clicks.options.startTimestamp).toBe(Date.UTC(2026, 9, 16, 13, 29));
  });

  it('offer the stateful operators in SQL: session windows, DISTINCT and both joins', () => {
    const sql = (id: string) => TEMPLATES.find((t) => t.id === id)?.spec(now).sql;
    expect(sql('session')).toContain('session_window(');
    expect(sql('distinct')).toMatch(/^SELECT DISTINCT/);
    expect(sql('join-static')).toContain('LEFT JOIN shops');
    expect(sql('join-stream')).toMatch(/BETWEEN i\.impression_time AND i\.impression_time \+ INTERVAL/);
  });

  it('leave the data they come from as it was', () => {
    const first = templateText(TEMPLATES[0]!, now);
    expect(templateText(TEMPLATES[0]!, now + 1000)).not.toBe(first);
    expect(templateText(TEMPLATES[0]!, now)).toBe(first);
  });
});
