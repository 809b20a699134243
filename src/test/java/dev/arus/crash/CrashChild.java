package dev.arus.crash;

import dev.arus.engine.api.ArusSession;
import dev.arus.engine.streaming.StreamingQuery;
import dev.arus.engine.streaming.StreamingQueryListener;
import dev.arus.engine.streaming.Trigger;
import dev.arus.engine.checkpoint.ProtocolProbe;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.util.concurrent.CountDownLatch;

/**
 * The process the crash test kills: one of the {@link CrashQuery} queries over
 * {@code rate-micro-batch} written to a {@code json} file sink with a checkpoint, run until batch
 * {@code lastBatch} is committed. With {@code ARUS_PAUSE_AT=<step>:<batchId>} it prints
 * {@code PAUSED} and waits to be killed when that batch reaches that protocol step. It prints
 * {@code BATCH <id>} after each batch. Arguments: the query, checkpoint directory, sink
 * directory, last batch id, trigger interval in ms.
 */
public final class CrashChild {

    private CrashChild() {
    }

    public static void main(String[] args) throws Exception {
        String pauseAt = System.getenv("ARUS_PAUSE_AT");
        if (pauseAt != null && !pauseAt.isBlank()) {
            String[] parts = pauseAt.split(":");
            ProtocolProbe.Step step = ProtocolProbe.Step.valueOf(parts[0]);
            long batch = Long.parseLong(parts[1]);
            ProtocolProbe.install((reached, batchId) -> {
                if (reached == step && batchId == batch) {
                    System.out.println("PAUSED " + reached + " " + batchId);
                    System.out.flush();
                    // Hang here until the test SIGKILLs this process: nothing ever counts this latch
                    // down, so the query's thread blocks at this protocol step for good.
                    CountDownLatch never = new CountDownLatch(1);
                    while (true) {
                        try {
                            never.await();
                        } catch (InterruptedException ignored) {
                            // keep waiting for SIGKILL
                        }
                    }
                }
            });
        }
        run(CrashQuery.valueOf(args[0]), Path.of(args[1]), Path.of(args[2]), Long.parseLong(args[3]),
                Long.parseLong(args[4]));
        System.out.println("DONE");
        System.out.flush();
        System.exit(0);
    }

    /** Runs the query until batch {@code lastBatch} is committed (at once if it already is). */
    public static void run(CrashQuery crashQuery, Path checkpoint, Path sink, long lastBatch, long intervalMs)
            throws Exception {
        if (Files.exists(checkpoint.resolve("commits").resolve(Long.toString(lastBatch)))) {
            return;
        }
        try (ArusSession session = ArusSession.builder().timeZone(ZoneOffset.UTC).console(System.err).build()) {
            StreamingQuery[] query = new StreamingQuery[1];
            session.streams().addListener(new StreamingQueryListener() {
                @Override
                public void onQueryProgress(QueryProgressEvent event) {
                    System.out.println("BATCH " + event.progress().batchId());
                    System.out.flush();
                    if (event.progress().batchId() >= lastBatch) {
                        query[0].stop();
                    }
                }
            });
            query[0] = crashQuery.build(session)
                    .writeStream()
                    .format("json")
                    .option("path", sink.toString())
                    .option("checkpointLocation", checkpoint.toString())
                    .trigger(intervalMs > 0 ? Trigger.processingTime(intervalMs + " milliseconds")
                            : Trigger.asFastAsPossible())
                    .start();
            System.out.println("STARTED");
            System.out.flush();
            query[0].awaitTermination();
        }
    }
}
