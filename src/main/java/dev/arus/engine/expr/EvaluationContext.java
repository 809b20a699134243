package dev.arus.engine.expr;

import java.time.ZoneId;

/**
 * What evaluation needs beyond the rows: the trigger's batch timestamp, which
 * {@code current_timestamp()} returns for every row of a micro-batch as in Spark's streaming
 * semantics, and the session time zone for parsing and formatting timestamps.
 */
public record EvaluationContext(long batchTimestampMicros, ZoneId timeZone) {
}
