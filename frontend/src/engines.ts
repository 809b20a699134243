import type { EngineComparison, QuerySpec } from './types';

/**
 * The engine a query's spec names. The service fills in its default (arus.engine.default) when a
 * submitted spec names none; a spec without one (a query made before it did so) ran on Arus.
 */
export type Engine = 'arus' | 'spark' | 'both';

export function engineOf(spec: QuerySpec | null | undefined): Engine {
  const named = spec?.engine?.trim().toLowerCase();
  return named === 'spark' || named === 'both' ? named : 'arus';
}

export const ENGINE_LABELS: Record<Engine, string> = { arus: 'Arus', spark: 'Spark', both: 'Arus + Spark' };

/** The comparison as one sentence: whether the engines agree so far, and on how many batches. */
export function comparisonHeadline(summary: EngineComparison | null | undefined): string {
  if (!summary || summary.batchesCompared === 0) return 'No batch compared yet: each batch is compared once both engines have written it.';
  const batches = (n: number) => `${n} batch${n === 1 ? '' : 'es'}`;
  if (summary.batchesDiffering === 0) return `Both engines agree on all ${batches(summary.batchesCompared)} compared.`;
  return `${batches(summary.batchesDiffering)} of ${summary.batchesCompared} compared ${summary.batchesDiffering === 1 ? 'differs' : 'differ'}.`;
}
