package dev.arus.bench;

import dev.arus.engine.api.ArusSession;
import dev.arus.engine.api.StreamFrame;
import dev.arus.engine.streaming.OutputMode;
import dev.arus.engine.streaming.QueryStateReader;
import dev.arus.engine.streaming.StateRead;
import dev.arus.engine.streaming.StateReadRequest;
import dev.arus.engine.streaming.StreamingQuery;
import dev.arus.engine.testing.ManualTriggerScheduler;
import dev.arus.engine.time.ManualClock;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.Locale;

/**
 * {@code BENCH state-read}: rows per second the state views read from an aggregation's committed
 * state of {@value #GROUPS} groups (a count per distinct value, one batch of as many rows, one
 * state partition, the checkpoint in the system's temporary directory): the whole state of the
 * last committed batch, as {@code GET /api/queries/{id}/state/0} reads it before paging. The
 * median of {@value #MEASURED} reads after {@value #WARMUP}. Run alone with
 * {@code java -cp ... dev.arus.bench.StateReadBenchmark}, or with {@code -Pbench}.
 */
public final class StateReadBenchmark {

    private static final int GROUPS = 1_000_000;
    private static final int WARMUP = 2;
    private static final int MEASURED = 5;

    private StateReadBenchmark() {
    }

    public static void main(String[] args) {
        Path checkpoint = BenchFiles.temporaryDirectory("arus-bench-state-read");
        ManualClock clock = new ManualClock(1_760_000_000_000L);
        ManualTriggerScheduler scheduler = new ManualTriggerScheduler(clock);
        try (ArusSession session = ArusSession.builder().clock(clock).scheduler(scheduler).parallelism(1)
                .shufflePartitions(1).maxStateRows(2 * GROUPS).timeZone(ZoneOffset.UTC).build()) {
            StreamFrame counts = session.readStream().format("rate-micro-batch").option("rowsPerBatch", GROUPS)
                    .option("startTimestamp", clock.millis()).load().groupBy("value").count();
            StreamingQuery query = counts.writeStream().format("noop").outputMode("update")
                    .option("checkpointLocation", checkpoint.resolve("query").toString()).start();
            scheduler.runNext();
            query.stop();
            QueryStateReader reader = session.streams().stateReader(counts, OutputMode.UPDATE,
                    checkpoint.resolve("query"), 1);
            double[] nanos = new double[MEASURED];
            for (int i = 0; i < WARMUP + MEASURED; i++) {
                long start = System.nanoTime();
                StateRead read = reader.read(StateReadRequest.latest(0));
                long took = System.nanoTime() - start;
                if (read.rows().size() != GROUPS) {
                    throw new IllegalStateException("read " + read.rows().size() + " rows of " + GROUPS);
                }
                if (i >= WARMUP) {
                    nanos[i - WARMUP] = took;
                }
            }
            Arrays.sort(nanos);
            System.out.println(String.format(Locale.ROOT, "BENCH state-read %.1f rows/s",
                    GROUPS / (nanos[MEASURED / 2] / 1e9)));
        } finally {
            BenchFiles.delete(checkpoint);
        }
    }
}
