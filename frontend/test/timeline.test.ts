import { describe, expect, it } from 'vitest';
import { advanceMarkers, markersOf, NO_MARKERS, stateRows } from '../src/timeline';
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
