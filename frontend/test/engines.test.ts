import { describe, expect, it } from 'vitest';
import { comparisonHeadline, engineOf } from '../src/engines';
import type { QuerySpec } from '../src/types';

const spec = (engine?: string): QuerySpec => ({ name: 'q', engine } as QuerySpec);

describe('engineOf', () => {
  it('reads the engine as the service does: Arus when the spec names none, in any case', () => {
    expect(engineOf(spec())).toBe('arus');
    expect(engineOf(null)).toBe('arus');
    expect(engineOf(spec('Spark'))).toBe('spark');
    expect(engineOf(spec(' both '))).toBe('both');
    expect(engineOf(spec('arus'))).toBe('arus');
  });
});

describe('comparisonHeadline', () => {
  it('says when nothing is compared yet', () => {
    expect(comparisonHeadline(null)).toMatch(/^No batch compared yet/);
    expect(comparisonHeadline({ batchesCompared: 0, batchesDiffering: 0, lastDifference: null })).toMatch(/^No batch/);
  });

  it('says that the engines agree, or how many batches differ', () => {
    expect(comparisonHeadline({ batchesCompared: 1, batchesDiffering: 0, lastDifference: null }))
      .toBe('Both engines agree on all 1 batch compared.');
    expect(comparisonHeadline({ batchesCompared: 12, batchesDiffering: 0, lastDifference: null }))
      .toBe('Both engines agree on all 12 batches compared.');
    expect(comparisonHeadline({ batchesCompared: 12, batchesDiffering: 1,
      lastDifference: { batchId: 3, arusRows: 2, sparkRows: 1, onlyOnArus: ['{"a":1}'], onlyOnSpark: [] } }))
      .toBe('1 batch of 12 compared differs.');
  });
});
