package dev.arus.server.spark;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arus.engine.streaming.ArusException;
import dev.arus.server.query.restart.TransientFailures;
import java.io.IOException;
import org.apache.spark.SparkThrowable;
import org.junit.jupiter.api.Test;

/**
 * Which of a Spark failure's causes names its error class: the innermost with a condition or an
 * engine error's class, never the foreachBatch wrapper of an exception that is not Spark's; and
 * which of those classes the restart strategies restart.
 */
class SparkErrorClassTest {

    /** An exception of Spark's with {@code condition}, or none when null. */
    private static final class Conditioned extends RuntimeException implements SparkThrowable {

        private final String condition;

        Conditioned(String condition, Throwable cause) {
            super("[" + condition + "]", cause);
            this.condition = condition;
        }

        @Override
        public String getCondition() {
            return condition;
        }
    }

    @Test
    void theInnermostConditionOfTheCausesIsTheFailures() {
        Throwable arithmetic = new Conditioned("DIVIDE_BY_ZERO", null);
        Throwable jobAborted = new Conditioned(null, arithmetic);

        assertThat(SparkErrorClass.of(new Conditioned("TASK_WRITE_FAILED", jobAborted))).isEqualTo("DIVIDE_BY_ZERO");
        assertThat(SparkErrorClass.of(new Conditioned("TASK_WRITE_FAILED", new IOException("No space left on device"))))
                .isEqualTo("TASK_WRITE_FAILED");
    }

    @Test
    void anEngineErrorOfArussOwnSinkInsideTheForeachBatchWrapperKeepsItsClass() {
        Throwable unreachable = new ArusException("JDBC_SINK_UNREACHABLE", "Connection refused",
                new IOException("Connection refused"));
        Throwable wrapped = new Conditioned(SparkErrorClass.FOREACH_BATCH_WRAPPER, unreachable);

        assertThat(SparkErrorClass.of(wrapped)).isEqualTo("JDBC_SINK_UNREACHABLE");
        assertThat(TransientFailures.mayPass(SparkErrorClass.of(wrapped))).isTrue();
        assertThat(SparkErrorClass.of(new Conditioned(SparkErrorClass.FOREACH_BATCH_WRAPPER,
                new ArusException("OUTPUT_ROWS_LIMIT_EXCEEDED", "too many rows")))).isEqualTo("OUTPUT_ROWS_LIMIT_EXCEEDED");
    }

    @Test
    void aWriteTheDiskRefusedIsRestartedAndADataErrorInsideItIsNot() {
        Throwable diskFull = new Conditioned("TASK_WRITE_FAILED", new IOException("No space left on device"));
        Throwable dataError = new Conditioned("TASK_WRITE_FAILED", new Conditioned("DIVIDE_BY_ZERO", null));

        assertThat(TransientFailures.mayPass(SparkErrorClass.of(diskFull))).isTrue();
        assertThat(TransientFailures.mayPass(SparkErrorClass.of(
                new Conditioned("CANNOT_WRITE_STATE_STORE.CANNOT_COMMIT", new IOException("No space left on device")))))
                .isTrue();
        assertThat(TransientFailures.mayPass(SparkErrorClass.of(dataError))).isFalse();
    }

    @Test
    void aFailureWithoutAConditionOrOnlyInTheForeachBatchWrapperHasNone() {
        assertThat(SparkErrorClass.of(new IllegalStateException("lost", new IOException("reset")))).isNull();
        assertThat(SparkErrorClass.of(new Conditioned(null, null))).isNull();
        assertThat(SparkErrorClass.of(new Conditioned(SparkErrorClass.FOREACH_BATCH_WRAPPER,
                new IllegalStateException("the writer failed")))).isNull();
    }
}
