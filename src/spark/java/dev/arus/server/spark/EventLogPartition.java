package dev.arus.server.spark;

import org.apache.spark.sql.connector.read.InputPartition;

/**
 * One task's share of a batch of a stream source: records {@code [from, to)} of one partition
 * of stream {@code stream} in the log registered as {@code log}, as Arus's stream source planned
 * it. Spark serialises it to the task, which finds the log by its key in the same JVM.
 */
record EventLogPartition(String log, String stream, int partition, long from, long to) implements InputPartition {
}
