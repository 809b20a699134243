import { describe, expect, it } from 'vitest';
import { lineColumn, locatePointer, parseErrorOffset } from '../src/jsonLocate';
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

  it('answers null for text that is not JSON', () => {
    expect(locatePointer('{"name": ', '/name')).toBeNull();
  });
});

describe('parseErrorOffset', () => {
  it('reads the offset from the engine\'s message', () => {
    let message = '';
    try { JSON.parse('{"a": 1,, }'); } catch (e) { message = (e as Error).message; }
    expect(parseErrorOffset('{"a": 1,, }', message)).toBe(8);
  });
});

describe('templates', () => {
  it('are JSON specs with a name, a source, steps ending in a groupBy and a sink', () => {
    for (const template of TEMPLATES) {
      const spec = JSON.parse(templateText(template, Date.UTC(2026, 9, 16, 13, 29, 7)));
      expect(spec.name).toMatch(/-132907$/);
      expect(spec.source.format).toMatch(/^rate(-micro-batch)?$/);
      expect(spec.sink.format).toBeTruthy();
      expect(Object.keys(spec.steps.at(-1))).toEqual(['groupBy']);
    }
  });
});
