package dev.arus.engine.runtime;

import static dev.arus.engine.api.functions.col;
import static dev.arus.engine.api.functions.unix_timestamp;
import static dev.arus.engine.api.functions.window;
import static org.assertj.core.api.Assertions.assertThat;

import dev.arus.engine.api.ArusSession;
import dev.arus.engine.api.StreamFrame;
import dev.arus.engine.streaming.Trigger;
import dev.arus.engine.testing.ManualTriggerScheduler;
import dev.arus.engine.time.ManualClock;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * A thousand of the chapter's queries in one session (issue 19): they share its scheduler and
 * task slots, and each still finalizes the chapter's windows, batch for batch the same as the
 * query alone. Triggers run on the test's thread on the manual clock, all due at the same instants.
 */
class ManyQueriesTest {

    private static final long START_MS = 1_760_000_000_000L;
    private static final long RUN_MS = 30_000;

    @Test
    void aThousandChapterQueriesEachFinalizeTheWindowsOfTheQueryAlone() {
        Map<Long, String> alone = run(1).get(0);
        List<Map<Long, String>> many = run(1_000);

        assertThat(alone.values()).as("the chapter's query finalizes windows").anyMatch(rows -> !rows.equals("[]"));
        assertThat(alone).hasSizeGreaterThanOrEqualTo(25);
        assertThat(many).hasSize(1_000).allSatisfy(outputs -> assertThat(outputs).isEqualTo(alone));
    }

    /** Each query's output, batch id to rows, after {@link #RUN_MS} of 1-second triggers. */
    private static List<Map<Long, String>> run(int queries) {
        ManualClock clock = new ManualClock(START_MS);
        ManualTriggerScheduler scheduler = new ManualTriggerScheduler(clock);
        List<Map<Long, String>> outputs = new ArrayList<>();
        try (ArusSession session = ArusSession.builder().clock(clock).scheduler(scheduler).shufflePartitions(1)
                .timeZone(ZoneOffset.UTC).build()) {
            for (int i = 0; i < queries; i++) {
                Map<Long, String> output = new TreeMap<>();
                outputs.add(output);
                visitsPerWindow(session).writeStream()
                        .queryName("visits-per-8s-" + i)
                        .outputMode("append")
                        .trigger(Trigger.processingTime(1_000))
                        .foreachBatch((batch, batchId) -> output.put(batchId, batch.rows().toString()))
                        .start();
            }
            while (scheduler.nextDueMillis() < START_MS + RUN_MS) {
                scheduler.runNext();
            }
            assertThat(session.streams().active()).hasSize(queries);
        }
        return outputs;
    }

    /** The chapter's query (the service's demo): 5 visits a second, some late, counted per 8-second window. */
    private static StreamFrame visitsPerWindow(ArusSession session) {
        return session.readStream().format("rate").option("rowsPerSecond", 5).option("numPartitions", 1).load()
                .withColumn("event_time",
                        unix_timestamp(col("timestamp")).minus(col("value").mod(3)).cast("timestamp"))
                .withWatermark("event_time", "4 seconds")
                .groupBy(window(col("event_time"), "8 seconds"))
                .count();
    }
}
