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

  it('are JSON specs with a name from the clock, a rate source, steps and a sink', () => {
    for (const template of TEMPLATES) {
      const spec = JSON.parse(templateText(template, now));
      expect(spec.name).toMatch(/-132907$/);
      expect(spec.source.format).toMatch(/^rate(-micro-batch)?$/);
      expect(spec.sink.format).toBeTruthy();
      expect(spec.steps.length).toBeGreaterThan(0);
    }
  });

  it('start every rate-micro-batch source, a join\'s too, at the minute of now', () => {
    const spec = JSON.parse(templateText(TEMPLATES.find((t) => t.id === 'join-stream')!, now));
    const join = spec.steps.find((s: object) => 'join' in s).join;
    expect(spec.source.options.startTimestamp).toBe(Date.UTC(2026, 9, 16, 13, 29));
    expect(join.with.source.options.startTimestamp).toBe(Date.UTC(2026, 9, 16, 13, 29));
  });

  it('offer one per new operator: both deduplications, session windows and both joins', () => {
    const steps = (id: string) => JSON.stringify(TEMPLATES.find((t) => t.id === id)?.spec(now).steps);
    expect(steps('dedup')).toContain('"dropDuplicates"');
    expect(steps('dedup')).toContain('"withWatermark"');
    expect(steps('dedup-within-watermark')).toContain('"dropDuplicatesWithinWatermark"');
    expect(steps('session')).toContain('session_window(');
    expect(steps('join-static')).toContain('"static"');
    expect(steps('join-stream')).toMatch(/BETWEEN i\.impression_time AND i\.impression_time \+ INTERVAL/);
  });

  it('leave the data they come from as it was', () => {
    const first = templateText(TEMPLATES[0]!, now);
    expect(templateText(TEMPLATES[0]!, now + 1000)).not.toBe(first);
    expect(templateText(TEMPLATES[0]!, now)).toBe(first);
  });
});
