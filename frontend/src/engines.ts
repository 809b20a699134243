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

export type Verdict = EngineComparison['verdict'];

const batches = (n: number) => `${n} batch${n === 1 ? '' : 'es'}`;

/** The comparison's verdict: not yet compared until a batch both engines wrote was compared. */
export function verdictOf(summary: EngineComparison | null | undefined): Verdict {
  return summary?.verdict ?? 'NOT_YET_COMPARED';
}

/** The comparison as one sentence: not yet compared, or whether the engines agree so far, and on how many batches. */
export function comparisonHeadline(summary: EngineComparison | null | undefined): string {
  switch (verdictOf(summary)) {
    case 'NOT_YET_COMPARED':
      return 'Not yet compared: each batch is compared once both engines have written it.';
    case 'AGREE':
      return `Both engines agree on all ${batches(summary?.batchesCompared ?? 0)} compared.`;
    case 'DIFFER': {
      const differing = summary?.batchesDiffering ?? 0;
      return `${batches(differing)} of ${summary?.batchesCompared ?? 0} compared ${differing === 1 ? 'differs' : 'differ'}.`;
    }
  }
}

/** How far each engine has got in the current run: the batches each has written. */
export function comparisonProgress(summary: EngineComparison | null | undefined): string {
  return `Arus has written ${batches(summary?.arusBatches ?? 0)}, Spark ${batches(summary?.sparkBatches ?? 0)} in this run.`;
}
