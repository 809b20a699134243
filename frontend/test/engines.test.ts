import { describe, expect, it } from 'vitest';
import { comparisonHeadline, comparisonProgress, engineOf } from '../src/engines';
import type { EngineComparison, QuerySpec } from '../src/types';

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

const summary = (verdict: EngineComparison['verdict'], compared: number, differing: number,
  arusBatches = compared, sparkBatches = compared): EngineComparison =>
  ({ verdict, arusBatches, sparkBatches, batchesCompared: compared, batchesDiffering: differing, lastDifference: null });

describe('comparisonHeadline', () => {
  it('says not yet compared, never agree, while no batch both engines wrote was compared', () => {
    expect(comparisonHeadline(null)).toMatch(/^Not yet compared/);
    expect(comparisonHeadline(summary('NOT_YET_COMPARED', 0, 0, 4, 0))).toMatch(/^Not yet compared/);
  });

  it('says that the engines agree, or how many batches differ', () => {
    expect(comparisonHeadline(summary('AGREE', 1, 0))).toBe('Both engines agree on all 1 batch compared.');
    expect(comparisonHeadline(summary('AGREE', 12, 0))).toBe('Both engines agree on all 12 batches compared.');
    expect(comparisonHeadline({ ...summary('DIFFER', 12, 1),
      lastDifference: { batchId: 3, arusRows: 2, sparkRows: 1, onlyOnArus: ['{"a":1}'], onlyOnSpark: [] } }))
      .toBe('1 batch of 12 compared differs.');
  });
});

describe('comparisonProgress', () => {
  it('says how many batches each engine has written in the run', () => {
    expect(comparisonProgress(summary('NOT_YET_COMPARED', 0, 0, 4, 1)))
      .toBe('Arus has written 4 batches, Spark 1 batch in this run.');
    expect(comparisonProgress(null)).toBe('Arus has written 0 batches, Spark 0 batches in this run.');
  });
});
