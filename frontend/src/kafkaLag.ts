import type { ProgressView } from './types';

/** One partition of a Kafka source after a batch: the offset the query has read up to, and the latest there is. */
export interface PartitionLag {
  topic: string;
  partition: number;
  /** The batch's end offset: the next record the query reads; null for a partition it has not read yet. */
  endOffset: number | null;
  /** The newest offset the source saw when the batch ran. */
  latestOffset: number;
  /** Records the query is behind: the latest offset less the end offset (all of them for a partition not read yet). */
  behind: number;
}

/** A Kafka source of a progress report, its partitions in topic and partition order. */
export interface KafkaSourceLag {
  /** The source's place in the report's `sources`. */
  index: number;
  description: string;
  partitions: PartitionLag[];
  /** Records behind the latest over all partitions. */
  totalBehind: number;
  /** Spark's avgOffsetsBehindLatest, maxOffsetsBehindLatest and minOffsetsBehindLatest, as the service reports them; null if absent. */
  avgBehind: number | null;
  maxBehind: number | null;
  minBehind: number | null;
}

/** Spark names a Kafka source `KafkaV2[Subscribe[orders]]`, `KafkaV2[SubscribePattern[...]]` or `KafkaV2[Assign[...]]`. */
const KAFKA = /^KafkaV2\[/;

/** `{"orders":{"0":23,"1":5}}` as a map from `orders/0` to 23; null when the value is not of that shape. */
function partitionOffsets(value: unknown): Map<string, number> | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const offsets = new Map<string, number>();
  for (const [topic, partitions] of Object.entries(value)) {
    if (typeof partitions !== 'object' || partitions === null || Array.isArray(partitions)) return null;
    for (const [partition, offset] of Object.entries(partitions)) {
      if (typeof offset !== 'number' || !/^\d+$/.test(partition)) return null;
      offsets.set(`${topic}/${partition}`, offset);
    }
  }
  return offsets;
}

function figure(metrics: Record<string, string> | undefined, name: string): number | null {
  const text = metrics?.[name];
  if (text === undefined) return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

/**
 * The lag per partition of each Kafka source of `progress`: a partition is behind by the records
 * between the batch's end offset and the latest offset the source saw, as Spark's
 * `*OffsetsBehindLatest` metrics count them. Sources that are not Kafka's, or whose offsets the
 * report lacks, are left out; no report, no sources.
 */
export function kafkaLag(progress: ProgressView | undefined): KafkaSourceLag[] {
  if (!progress) return [];
  const lags: KafkaSourceLag[] = [];
  progress.sources.forEach((source, index) => {
    if (!KAFKA.test(source.description)) return;
    const latest = partitionOffsets(source.latestOffset);
    const end = partitionOffsets(source.endOffset) ?? new Map<string, number>();
    if (!latest) return;
    const partitions: PartitionLag[] = [...latest].map(([key, latestOffset]) => {
      const slash = key.lastIndexOf('/');
      const endOffset = end.get(key) ?? null;
      return { topic: key.slice(0, slash), partition: Number(key.slice(slash + 1)), endOffset, latestOffset,
        behind: Math.max(0, latestOffset - (endOffset ?? 0)) };
    });
    partitions.sort((a, b) => (a.topic < b.topic ? -1 : a.topic > b.topic ? 1 : a.partition - b.partition));
    lags.push({ index, description: source.description, partitions,
      totalBehind: partitions.reduce((sum, p) => sum + p.behind, 0),
      avgBehind: figure(source.metrics, 'avgOffsetsBehindLatest'),
      maxBehind: figure(source.metrics, 'maxOffsetsBehindLatest'),
      minBehind: figure(source.metrics, 'minOffsetsBehindLatest') });
  });
  return lags;
}
