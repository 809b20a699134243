import type { ProgressView } from './types';

/**
 * Where event time stands: the watermark of the latest progress and the highest event time seen
 * in any batch so far. A window [start, end) is emitted in append mode only once the watermark
 * reaches its end; between the two markers are the windows still open.
 */
export interface EventTimeMarkers {
  watermark: number | null;
  maxEventTime: number | null;
}

export const NO_MARKERS: EventTimeMarkers = { watermark: null, maxEventTime: null };

function instant(text: string | undefined): number | null {
  if (text === undefined) return null;
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? null : ms;
}

/**
 * Folds one progress report into the markers. Spark reports the watermark as the epoch before the
 * first one is set, which is shown as none; the maximum event time never decreases.
 */
export function advanceMarkers(markers: EventTimeMarkers, progress: ProgressView): EventTimeMarkers {
  const watermark = instant(progress.eventTime?.watermark);
  const max = instant(progress.eventTime?.max);
  return {
    watermark: watermark === null ? markers.watermark : watermark === 0 ? markers.watermark : watermark,
    maxEventTime: max === null ? markers.maxEventTime
      : markers.maxEventTime === null ? max : Math.max(markers.maxEventTime, max),
  };
}

export function markersOf(progress: readonly ProgressView[]): EventTimeMarkers {
  return progress.reduce(advanceMarkers, NO_MARKERS);
}

/** The last batch's state rows (all stateful operators) and rows dropped as late. */
export function stateRows(progress: ProgressView): { total: number; droppedLate: number } {
  let total = 0;
  let droppedLate = 0;
  for (const op of progress.stateOperators ?? []) {
    total += op.numRowsTotal ?? 0;
    droppedLate += op.numRowsDroppedByWatermark ?? 0;
  }
  return { total, droppedLate };
}

/** One line of the state chart: a stateful operator by its place in `stateOperators`. */
export interface StateOperatorLine {
  /** Spark's operatorName, numbered when the query has two of one kind (`stateStoreSave #2`). */
  name: string;
  index: number;
}

/**
 * The stateful operators of the latest progress, in Spark's order (its `stateOperators`): a
 * chained aggregation or a join with an aggregation after it has several, each a line of its own.
 */
export function stateOperatorLines(progress: readonly ProgressView[]): StateOperatorLine[] {
  const operators = progress[progress.length - 1]?.stateOperators ?? [];
  const names = operators.map((op) => op.operatorName);
  return names.map((name, index) => {
    const same = names.filter((n) => n === name).length;
    const nth = names.slice(0, index + 1).filter((n) => n === name).length;
    return { name: same > 1 ? `${name} #${nth}` : name, index };
  });
}

/** An operator's state rows in one report; null when that report has no operator at that place. */
export function operatorStateRows(progress: ProgressView, index: number): number | null {
  return progress.stateOperators?.[index]?.numRowsTotal ?? null;
}
