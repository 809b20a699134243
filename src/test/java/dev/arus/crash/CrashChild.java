package dev.arus.crash;

import dev.arus.engine.api.ArusSession;
import dev.arus.engine.streaming.StreamingQuery;
import dev.arus.engine.streaming.StreamingQueryListener;
import dev.arus.engine.streaming.Trigger;
import dev.arus.engine.files.ProtocolProbe;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.util.concurrent.CountDownLatch;

/**
 * The process the crash tests kill: one of the {@link CrashQuery} queries written to a
 * {@link CrashSink} with a checkpoint, run until batch {@code lastBatch} is committed. With
 * {@code ARUS_PAUSE_AT=<step>:<batchId>} it prints {@code PAUSED} and waits to be killed when that
 * batch reaches that protocol step. It prints {@code BATCH <id>} after each batch. Arguments: the
 * query, checkpoint directory, sink, its target (directory or topic), last batch id, trigger
 * interval in ms, and the Kafka brokers (the test JVM's, over loopback), the PostgreSQL server's
 * URL of a {@code jdbc} sink, or {@code -}.
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
        run(CrashQuery.valueOf(args[0]), Path.of(args[1]), CrashSink.valueOf(args[2]), args[3],
                Long.parseLong(args[4]), Long.parseLong(args[5]), args[6].equals("-") ? null : args[6]);
        System.out.println("DONE");
        System.out.flush();
        System.exit(0);
    }

    /** Runs the query until batch {@code lastBatch} is committed (at once if it already is). */
    static void run(CrashQuery crashQuery, Path checkpoint, CrashSink sink, String target, long lastBatch,
                    long intervalMs, String kafkaServers) throws Exception {
        if (Files.exists(checkpoint.resolve("commits").resolve(Long.toString(lastBatch)))) {
            return;
        }
        ArusSession.Builder builder = ArusSession.builder().timeZone(ZoneOffset.UTC).console(System.err);
        sink.configure(builder, kafkaServers);
        try (ArusSession session = builder.build()) {
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
            query[0] = sink.writer(crashQuery.build(session, kafkaServers), target, kafkaServers)
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
