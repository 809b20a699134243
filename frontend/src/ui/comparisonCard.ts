import { comparisonHeadline, comparisonProgress, engineOf, verdictOf } from '../engines';
import type { QueryView } from '../types';
import { h, replaceChildren } from './dom';

/** The comparison card of a query's page. */
export interface ComparisonCard {
  element: HTMLElement;
  /** Shows how the outputs of a query on both engines compare, as the live feed last pushed it; hides the card for one engine. */
  draw(query: QueryView | null): void;
}

/** The rows of one side of a difference, under `title`. */
function differingRows(title: string, list: string[]): HTMLElement {
  return h('div', {}, h('h3', {}, title),
    list.length === 0 ? h('p', { class: 'batch-empty' }, '(none)') : h('pre', { class: 'rows-diff' }, list.join('\n')));
}

/**
 * Arus and Spark: for a query on both engines, whether their outputs agree so far (the verdict),
 * how many batches were compared and how many differ, and the rows of the last difference only
 * one engine wrote.
 */
export function comparisonCard(): ComparisonCard {
  const headline = h('p', { class: 'comparison-headline' });
  const counts = h('p', { class: 'hint comparison-counts' });
  const difference = h('div', { class: 'comparison-difference' });
  const element = h('section', { class: 'card', 'data-card': 'comparison', hidden: true },
    h('div', { class: 'card-head' }, h('h2', {}, 'Arus and Spark'),
      h('span', { class: 'hint' }, 'the same query on both engines, their outputs compared batch by batch')),
    headline, counts, difference);
  return {
    element,
    draw(query: QueryView | null): void {
      element.hidden = engineOf(query?.spec) !== 'both';
      if (element.hidden) return;
      const summary = query?.comparison;
      const verdict = verdictOf(summary);
      element.dataset.verdict = verdict;
      element.dataset.compared = String(summary?.batchesCompared ?? 0);
      element.dataset.differing = String(summary?.batchesDiffering ?? 0);
      headline.textContent = comparisonHeadline(summary);
      headline.className = `comparison-headline comparison-${verdict.toLowerCase().replaceAll('_', '-')}`;
      counts.textContent = comparisonProgress(summary);
      const diff = summary?.lastDifference;
      if (!diff) {
        replaceChildren(difference);
        return;
      }
      replaceChildren(difference,
        h('p', { 'data-difference-batch': diff.batchId }, `Last difference: batch ${diff.batchId}, ${diff.arusRows} rows on Arus, ${diff.sparkRows} on Spark.`),
        differingRows('Only on Arus', diff.onlyOnArus), differingRows('Only on Spark', diff.onlyOnSpark));
    },
  };
}
