import { describe, expect, it } from 'vitest';
import { isSqlSpec, partOf, triggerChoiceOf, triggerOf } from '../src/sql/specParts';

describe('the parts of a spec in SQL', () => {
  it('sends a problem to the part its pointer names, with the pointer inside that part', () => {
    expect(partOf('/sql')).toEqual({ part: 'sql', rest: '' });
    expect(partOf('/tables/visits/options/rowsPerSecond')).toEqual({ part: 'tables', rest: '/visits/options/rowsPerSecond' });
    expect(partOf('/sink/options/path')).toEqual({ part: 'sink', rest: '/options/path' });
    expect(partOf('/trigger/processingTime')).toEqual({ part: 'trigger', rest: '/processingTime' });
    expect(partOf('/checkpointLocation')).toEqual({ part: 'checkpointLocation', rest: '' });
    expect(partOf('/conf/spark.sql.shuffle.partitions')).toEqual({ part: 'other', rest: '/conf/spark.sql.shuffle.partitions' });
  });

  it('shows a spec with sql, or with neither source nor steps, in the SQL form', () => {
    expect(isSqlSpec({ name: 'a', sql: 'SELECT 1' })).toBe(true);
    expect(isSqlSpec({ name: 'a' })).toBe(true);
    expect(isSqlSpec({ name: 'a', source: { format: 'rate' }, steps: [] })).toBe(false);
    expect(isSqlSpec([])).toBe(false);
  });

  it('reads a trigger into the form\'s two fields and back', () => {
    for (const trigger of [{ processingTime: '4 seconds' }, { availableNow: true }, { once: true },
      { realTime: '5 minutes' }, undefined]) {
      expect(triggerOf(triggerChoiceOf(trigger))).toEqual(trigger);
    }
    expect(triggerChoiceOf({ processingTime: '2 seconds' })).toEqual({ kind: 'processingTime', interval: '2 seconds' });
    expect(triggerChoiceOf({ realTime: '1 minute' })).toEqual({ kind: 'realTime', interval: '1 minute' });
  });
});
