import { ms, rate, timeOfDay } from '../format';
import type { LiveQueryModel } from '../liveModel';
import { sinkTarget, sinkText } from '../sinkTarget';
import { stateRows } from '../timeline';
import type { CheckpointView, ProgressView, QueryView } from '../types';
import { describedTerm, h, replaceChildren } from './dom';

/** The key figures of a query's page. */
export interface QueryKpis {
  element: HTMLElement;
  /** Shows the figures of the latest progress report, or before one where `checkpoint` (as last read) goes on from. */
  draw(query: QueryView, model: LiveQueryModel, checkpoint: CheckpointView | null): void;
}

/**
 * The key figures under a query's head: input and processed rates, the last batch, the event-time
 * markers, the state rows, the output mode, its sink and last write, and the live messages the
 * service dropped for a slow client.
 */
export function queryKpis(): QueryKpis {
  const element = h('dl', { class: 'kpis' });
  return {
    element,
    draw(query: QueryView, model: LiveQueryModel, checkpoint: CheckpointView | null): void {
      const last: ProgressView | undefined = model.progress[model.progress.length - 1];
      const state = last ? stateRows(last) : null;
      // Before its first batch since the service started, a query shows where its checkpoint goes on.
      const committed = checkpoint?.lastCommitted ?? null;
      const committedWatermark = committed ? Date.parse(committed.watermark) : 0;
      const watermark = model.markers.watermark ?? (!last && committedWatermark > 0 ? committedWatermark : null);
      const kpi = (label: string, value: string, key: string) => [describedTerm('kpi', key, label, value)];
      const sink = sinkTarget(query.spec, model.progress);
      const lastWrite = sink?.lastWriteAt ? Date.parse(sink.lastWriteAt) : null;
      replaceChildren(element,
        ...kpi('Input', `${rate(last?.inputRowsPerSecond)} rows/s`, 'input'),
        ...kpi('Processed', `${rate(last?.processedRowsPerSecond)} rows/s`, 'processed'),
        ...kpi('Last batch', last ? `#${last.batchId} · ${ms(last.batchDuration)}`
          : committed ? `#${committed.batchId} · checkpoint` : '–', 'batch'),
        ...kpi('Watermark', watermark === null ? '–' : `${timeOfDay(watermark)} UTC`, 'watermark'),
        ...kpi('Max event time', model.markers.maxEventTime === null ? '–' : `${timeOfDay(model.markers.maxEventTime)} UTC`, 'max-event-time'),
        ...kpi('State rows', state ? String(state.total) : '–', 'state-rows'),
        ...kpi('Output mode', model.outputMode, 'mode'),
        ...(sink ? kpi('Sink', sinkText(sink), 'sink') : []),
        ...(sink && lastWrite !== null ? kpi('Last write', `${timeOfDay(lastWrite)} UTC${sink.rowsWritten === null ? ''
          : ` · ${sink.rowsWritten} rows`}`, 'last-write') : []),
        ...(model.dropped > 0 ? kpi('Messages dropped (slow client)', String(model.dropped), 'dropped') : []));
    },
  };
}
