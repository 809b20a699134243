import type { QuerySpec } from './types';

type SourceSpec = QuerySpec['source'];

/** A starting point for the create form: a valid spec (README "Create a query"). */
export interface Template {
  id: string;
  label: string;
  describe: string;
  spec: (now: number) => QuerySpec;
}

const EVENT_TIME = { withColumn: { name: 'event_time', expr: 'CAST(unix_timestamp(timestamp) - value % 3 AS TIMESTAMP)' } };
const WATERMARK = { withWatermark: { column: 'event_time', delay: '4 seconds' } };

/** The chapter's source: 5 rows a second, wall-clock time. */
const RATE: SourceSpec = { format: 'rate', options: { rowsPerSecond: 5, numPartitions: 1 } };

/** Simulated time for replays: 10 rows a batch, each batch a second later, starting at this minute. */
function microBatches(now: number): SourceSpec {
  return {
    format: 'rate-micro-batch',
    options: { rowsPerBatch: 10, advanceMillisPerBatch: 1000, startTimestamp: Math.floor(now / 60_000) * 60_000 },
  };
}

/** A short suffix from the clock, so that a template's name is free again next time. */
function suffix(now: number): string {
  return new Date(now).toISOString().slice(11, 19).replace(/:/g, '');
}

export const TEMPLATES: Template[] = [
  {
    id: 'chapter',
    label: "The chapter's query (append)",
    describe: 'Visits per 8-second window, 4-second watermark: a window appears once the watermark passes its end.',
    spec: (now) => ({
      name: `visits-per-8s-${suffix(now)}`,
      source: RATE,
      steps: [EVENT_TIME, { filter: 'value >= 0' }, { select: ['value', 'event_time'] }, WATERMARK,
        { groupBy: { keys: ["window(event_time, '8 seconds')"], aggregations: ['count(*) AS count'] } }],
      outputMode: 'append',
      trigger: { processingTime: '4 seconds' },
      sink: { format: 'console', options: { truncate: false } },
    }),
  },
  {
    id: 'chapter-update',
    label: "The chapter's query (update)",
    describe: 'The same windows in update mode: running counts change in place until the watermark closes them.',
    spec: (now) => ({
      name: `visits-per-8s-update-${suffix(now)}`,
      source: RATE,
      steps: [EVENT_TIME, WATERMARK,
        { groupBy: { keys: ["window(event_time, '8 seconds')"], aggregations: ['count(*) AS count'] } }],
      outputMode: 'update',
      trigger: { processingTime: '4 seconds' },
      sink: { format: 'memory' },
    }),
  },
  {
    id: 'chapter-replay',
    label: "The chapter's query, fast replay",
    describe: 'rate-micro-batch: each batch is a second of event time, four batches a second.',
    spec: (now) => ({
      name: `visits-per-8s-replay-${suffix(now)}`,
      source: microBatches(now),
      steps: [EVENT_TIME, WATERMARK,
        { groupBy: { keys: ["window(event_time, '8 seconds')"], aggregations: ['count(*) AS count'] } }],
      outputMode: 'append',
      trigger: { processingTime: '250 milliseconds' },
      sink: { format: 'memory' },
    }),
  },
  {
    id: 'sliding',
    label: 'Sliding window (10 s every 5 s)',
    describe: 'Each event counts in two overlapping 10-second windows that start every 5 seconds.',
    spec: (now) => ({
      name: `visits-sliding-10s-${suffix(now)}`,
      source: RATE,
      steps: [EVENT_TIME, WATERMARK,
        { groupBy: { keys: ["window(event_time, '10 seconds', '5 seconds')"], aggregations: ['count(*) AS count'] } }],
      outputMode: 'append',
      trigger: { processingTime: '2 seconds' },
      sink: { format: 'memory' },
    }),
  },
  {
    id: 'keyed',
    label: 'Keyed aggregation: sum and avg per shop',
    describe: 'Per 10-second window and shop (value % 3): total and mean of the value, in update mode.',
    spec: (now) => ({
      name: `sales-per-shop-${suffix(now)}`,
      source: RATE,
      steps: [EVENT_TIME, { withColumn: { name: 'shop', expr: 'value % 3' } }, WATERMARK,
        { groupBy: { keys: ["window(event_time, '10 seconds')", 'shop'],
          aggregations: ['sum(value) AS total', 'avg(value) AS mean', 'count(*) AS sales'] } }],
      outputMode: 'update',
      trigger: { processingTime: '2 seconds' },
      sink: { format: 'memory' },
    }),
  },
];

export function templateText(template: Template, now: number): string {
  return JSON.stringify(template.spec(now), null, 2);
}
