package dev.arus.engine.streaming;

/**
 * One state store of one stateful operator, as a row of Spark's {@code state-metadata} source:
 * the operator's id (counted from the sink, as progress lists them) and name (as in progress),
 * the store's name, its number of partitions, and the first and last batch of the commit log
 * ({@code -1} when none committed). {@code operatorProperties} is Spark's JSON of the operator's
 * properties, null for the operators whose metadata Spark writes in its first format (all of
 * Arus's), as Spark's source gives it. {@code numRowsTotal} is Arus's extra: the rows the operator holds after batch
 * {@code maxBatchId}, all stores together.
 */
public record StateMetadata(long operatorId, String operatorName, String stateStoreName, int numPartitions,
                            long minBatchId, long maxBatchId, String operatorProperties, long numRowsTotal) {
}
