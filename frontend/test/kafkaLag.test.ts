import { describe, expect, it } from 'vitest';
import { kafkaLag } from '../src/kafkaLag';
import type { ProgressView } from '../src/types';
import { progress } from './fixtures';

type Source = ProgressView['sources'][number];

/** A source as the service reports it: its offsets are JSON objects the generated types cannot spell. */
function source(description: string, offsets: { end?: unknown; latest?: unknown }, metrics?: Record<string, string>): Source {
  return { description, numInputRows: 3, ...(offsets.end === undefined ? {} : { endOffset: offsets.end }),
    ...(offsets.latest === undefined ? {} : { latestOffset: offsets.latest }),
    ...(metrics ? { metrics } : {}) } as Source;
}

describe('kafkaLag', () => {
  it('gives each partition of a Kafka source the records between its end offset and the latest, in topic and partition order', () => {
    const report = progress(4, {}, { sources: [source('KafkaV2[SubscribePattern[shop-.*]]', {
      end: { 'shop-orders': { 10: 40, 2: 7, 0: 23 }, 'shop-clicks': { 0: 5 } },
      latest: { 'shop-orders': { 10: 40, 2: 9, 0: 30 }, 'shop-clicks': { 0: 5 } },
    }, { avgOffsetsBehindLatest: '2.25', maxOffsetsBehindLatest: '7', minOffsetsBehindLatest: '0' })] });
    const [lag] = kafkaLag(report);
    expect(lag?.partitions.map((p) => [p.topic, p.partition, p.endOffset, p.latestOffset, p.behind])).toEqual([
      ['shop-clicks', 0, 5, 5, 0],
      ['shop-orders', 0, 23, 30, 7],
      ['shop-orders', 2, 7, 9, 2],
      ['shop-orders', 10, 40, 40, 0]]);
    expect(lag?.totalBehind).toBe(9);
    expect([lag?.avgBehind, lag?.maxBehind, lag?.minBehind]).toEqual([2.25, 7, 0]);
  });

  it('counts a partition the query has not read yet as behind by all its records, as Spark\'s metrics do', () => {
    const report = progress(1, {}, { sources: [source('KafkaV2[Subscribe[orders]]', {
      end: { orders: { 0: 3 } }, latest: { orders: { 0: 3, 1: 4 } } })] });
    expect(kafkaLag(report)[0]?.partitions.map((p) => [p.partition, p.endOffset, p.behind])).toEqual([[0, 3, 0], [1, null, 4]]);
  });

  it('leaves out sources that are not Kafka\'s and Kafka sources whose report has no offsets, keeping each source\'s place', () => {
    const report = progress(2, {}, { sources: [
      source('RateStreamV2[rowsPerSecond=10]', { end: 20, latest: 20 }),
      source('KafkaV2[Assign[orders-0]]', {}),
      source('KafkaV2[Subscribe[orders]]', { latest: { orders: { 0: 1 } } })] });
    const lags = kafkaLag(report);
    expect(lags.map((l) => [l.index, l.description, l.totalBehind, l.avgBehind])).toEqual([[2, 'KafkaV2[Subscribe[orders]]', 1, null]]);
    expect(kafkaLag(undefined)).toEqual([]);
  });

  it('refuses offsets that are not per topic and partition', () => {
    const report = progress(3, {}, { sources: [source('KafkaV2[Subscribe[orders]]', { latest: { orders: [1, 2] } })] });
    expect(kafkaLag(report)).toEqual([]);
  });
});
