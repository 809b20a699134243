import { describe, expect, it } from 'vitest';
import { SpecSchema } from '../src/specSchema';

const schema = SpecSchema.fromOpenApi();

/** The suggestions where `|` stands in `text`. */
function at(text: string) {
  const offset = text.indexOf('|');
  return schema.suggestionsAt(text.replace('|', ''), offset);
}

const labels = (text: string) => at(text).map((s) => s.label);

describe('SpecSchema', () => {
  it('offers the fields of a spec that are not written yet', () => {
    expect(labels('{"name": "a", "|"}')).toEqual(expect.arrayContaining(['source', 'steps', 'sink', 'outputMode', 'trigger']));
    expect(labels('{"name": "a", "|"}')).not.toContain('name');
  });

  it('offers every kind of step, with what it does', () => {
    const steps = at('{"steps": [{"|"}]}');
    expect(steps.map((s) => s.label)).toEqual(['withColumn', 'filter', 'select', 'selectExpr', 'withWatermark', 'groupBy',
      'dropDuplicates', 'dropDuplicatesWithinWatermark', 'alias', 'join', 'limit']);
    expect(steps.find((s) => s.label === 'filter')?.detail).toMatch(/Spark SQL condition/);
    expect(steps[0]?.text).toBe('"withColumn"');
  });

  it('offers the fields under a step\'s key', () => {
    expect(labels('{"steps": [{"withWatermark": {"|"}}]}')).toEqual(['column', 'delay']);
  });

  it('offers the source and sink formats the service knows', () => {
    expect(labels('{"source": {"format": |}}')).toEqual(expect.arrayContaining(['rate', 'rate-micro-batch', 'stream']));
    expect(labels('{"sink": {"format": "|"}}')).toEqual(expect.arrayContaining(['console', 'memory', 'json', 'csv']));
    expect(labels('{"sink": {"format": "|"}}')).not.toContain('foreachBatch');
  });

  it('offers the options of the format written, and only those', () => {
    const rate = labels('{"source": {"format": "rate", "options": {"|"}}}');
    expect(rate).toEqual(expect.arrayContaining(['rowsPerSecond', 'rampUpTime', 'numPartitions']));
    expect(rate).not.toContain('rowsPerBatch');
    expect(labels('{"source": {"options": {"|"}, "format": "rate-micro-batch"}}')).toContain('advanceMillisPerBatch');
  });

  it('offers the output modes and a trigger interval as values', () => {
    expect(at('{"outputMode": |}').map((s) => s.text)).toEqual(['"append"', '"update"', '"complete"']);
    expect(labels('{"trigger": {"processingTime": "|"}}')).toEqual(['4 seconds']);
  });

  it('works in text that is not JSON yet', () => {
    expect(labels('{"name": "a", "steps": [{"|')).toContain('groupBy');
  });

  it('offers, for an editor of a spec\'s tables alone, the fields of a table and the options of its format', () => {
    const tables = schema.at(['tables']);
    const at = (text: string) => tables.suggestionsAt(text.replace('|', ''), text.indexOf('|')).map((s) => s.label);
    expect(at('{"visits": {"|"}}')).toEqual(expect.arrayContaining(['format', 'options', 'schema', 'static']));
    expect(at('{"visits": {"format": "rate", "options": {"|"}}}')).toEqual(expect.arrayContaining(['rowsPerSecond']));
    expect(at('{"t": {"format": "kafka", "options": {"|"}}}')).toContain('subscribe');
  });

  it('offers, for an editor of the sink alone, the sink formats', () => {
    const sink = schema.at(['sink']);
    expect(sink.suggestionsAt('{"format": ""}', 12).map((s) => s.label)).toEqual(expect.arrayContaining(['console', 'memory']));
  });
});
