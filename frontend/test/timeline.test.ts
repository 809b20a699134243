import { describe, expect, it } from 'vitest';
import { advanceMarkers, markersOf, NO_MARKERS, operatorStateRows, stateOperatorLines, stateRows } from '../src/timeline';
import { ms, progress, stateOperator } from './fixtures';

describe('event-time markers from progress', () => {
  it('takes the latest watermark and the highest event time seen', () => {
    const markers = markersOf([progress(0, { max: 10 }), progress(1, { max: 14, watermark: 6 }), progress(2, { max: 12, watermark: 10 })]);
    expect(markers).toEqual({ watermark: ms(10), maxEventTime: ms(14) });
  });

  it('shows no watermark while Spark reports the epoch', () => {
    expect(advanceMarkers(NO_MARKERS, progress(0, { max: 3 }))).toEqual({ watermark: null, maxEventTime: ms(3) });
  });

  it('keeps the markers through a batch without rows', () => {
    const before = { watermark: ms(4), maxEventTime: ms(8) };
    expect(advanceMarkers(before, { ...progress(3), eventTime: {} })).toEqual(before);
  });

  it('sums state rows and rows dropped as late over the stateful operators', () => {
    const p = progress(1, {}, { stateOperators: [
      stateOperator({ numRowsTotal: 3, numRowsDroppedByWatermark: 1 }),
      stateOperator({ numRowsTotal: 4, numRowsDroppedByWatermark: 2 })] });
    expect(stateRows(p)).toEqual({ total: 7, droppedLate: 3 });
  });
});

describe('stateOperatorLines', () => {
  it('gives each stateful operator of the latest report a line, in Spark\'s order', () => {
    // A join with an aggregation after it: Spark lists the plan's operators from the top.
    const latest = progress(2, {}, { stateOperators: [stateOperator({ operatorName: 'stateStoreSave', numRowsTotal: 3 }),
      stateOperator({ operatorName: 'symmetricHashJoin', numRowsTotal: 40 })] });
    expect(stateOperatorLines([progress(1), latest])).toEqual([
      { name: 'stateStoreSave', index: 0 }, { name: 'symmetricHashJoin', index: 1 }]);
    expect(operatorStateRows(latest, 0)).toBe(3);
    expect(operatorStateRows(latest, 1)).toBe(40);
  });

  it('numbers the operators of one kind, as a chained aggregation has two', () => {
    const chained = progress(3, {}, { stateOperators: [stateOperator({ numRowsTotal: 5 }), stateOperator({ numRowsTotal: 1 })] });
    expect(stateOperatorLines([chained]).map((l) => l.name)).toEqual(['stateStoreSave #1', 'stateStoreSave #2']);
  });

  it('has no line for a query without state, and no value where a report has no such operator', () => {
    const stateless = progress(0, {}, { stateOperators: [] });
    expect(stateOperatorLines([stateless])).toEqual([]);
    expect(stateOperatorLines([])).toEqual([]);
    expect(operatorStateRows(stateless, 0)).toBeNull();
  });
});
