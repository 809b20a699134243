package dev.arus.server.query;

import dev.arus.engine.api.ArusSession;
import dev.arus.engine.streaming.BatchFunction;
import dev.arus.engine.streaming.ResultBatch;
import dev.arus.engine.streaming.StreamingQuery;
import dev.arus.engine.streaming.StreamingQueryException;
import dev.arus.server.ArusProperties;
import dev.arus.server.ShownPaths;
import dev.arus.server.query.QuerySpec.SinkSpec;
import dev.arus.server.storage.DataDirectory;
import dev.arus.server.web.ProblemException;
import dev.arus.server.web.ProblemType;
import jakarta.annotation.PreDestroy;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Previews: a spec run for a few batches before anything is saved, as Flink's SQL client shows a
 * query's rows. A preview checks the spec as {@code POST /api/queries} does, then runs it on
 * Arus's engine with a throwaway checkpoint of its own (under the data directory's
 * {@code .previews}, deleted when it ends) into no sink but the preview, until enough batches
 * wrote rows, the time runs out, or the trigger ends. It registers no query: its name is free and
 * it is never listed. It changes nothing in the data directory: the spec's sink and checkpoint
 * are left alone, and its file sources do not clean what they read. At most
 * {@code arus.preview.max-concurrent} run at once. Thread-safe.
 */
@Component
public class QueryPreviews {

    private static final Logger log = LoggerFactory.getLogger(QueryPreviews.class);

    /** How often a preview looks whether its run ended by itself. */
    private static final Duration POLL = Duration.ofMillis(50);

    private final QuerySpecTranslator translator;
    private final QueryRegistry registry;
    private final DataDirectory dataDirectory;
    private final ArusSession session;
    private final PreviewProperties limits;
    private final ShownPaths shownPaths;
    private final Semaphore slots;
    private final Set<StreamingQuery> running = ConcurrentHashMap.newKeySet();

    QueryPreviews(QuerySpecTranslator translator, QueryRegistry registry, DataDirectory dataDirectory,
                  ArusSession session, PreviewProperties limits, ShownPaths shownPaths) {
        this.translator = translator;
        this.registry = registry;
        this.dataDirectory = dataDirectory;
        this.session = session;
        this.limits = limits;
        this.shownPaths = shownPaths;
        this.slots = new Semaphore(limits.maxConcurrent());
        // What a preview left when the service stopped in its middle.
        dataDirectory.delete(dataDirectory.previewsDirectory());
    }

    /**
     * Runs {@code submitted} until {@code batches} batches wrote rows or {@code seconds} passed
     * (each at most, and by default, the configured maximum), or its trigger ended.
     *
     * @throws ProblemException for a spec that {@code POST /api/queries} would refuse, a spec on
     *                          the Spark engine, a location another query cleans or keeps a
     *                          checkpoint in, bad limits, or too many previews at once
     */
    public PreviewView preview(QuerySpec submitted, Integer batches, Integer seconds) {
        int wanted = bounded(batches, limits.maxBatches(), "batches");
        Duration time = Duration.ofSeconds(bounded(seconds, (int) Math.max(1, limits.maxDuration().toSeconds()),
                "seconds"));
        QuerySpec spec = translator.namingItsEngine(submitted);
        if (spec.engine().trim().equalsIgnoreCase(ArusProperties.Engine.SPARK)) {
            throw ProblemException.at(ProblemType.UNSUPPORTED_OPERATION, "/engine", "A preview runs on Arus's engine;"
                    + " leave 'engine' out, or set it to arus or both, to preview the query");
        }
        translator.translate(spec.onEngine(ArusProperties.Engine.ARUS)); // checked as a query's spec is
        ArusTranslatedQuery run = (ArusTranslatedQuery) translator.translate(
                spec.onEngine(ArusProperties.Engine.ARUS).previewedInto(new SinkSpec("noop", null)));
        run.files().checkCheckpointsOnDisk(dataDirectory);
        registry.checkAgainstHeld(run.files());
        if (!slots.tryAcquire()) {
            throw new ProblemException(ProblemType.TOO_MANY_PREVIEWS, "At most " + limits.maxConcurrent()
                    + " previews run at once (arus.preview.max-concurrent); try again when one has ended",
                    Map.of("limit", limits.maxConcurrent()));
        }
        try {
            return run(run, wanted, time);
        } finally {
            slots.release();
        }
    }

    private PreviewView run(ArusTranslatedQuery run, int wanted, Duration time) {
        UUID id = UUID.randomUUID();
        Path checkpoint = dataDirectory.previewsDirectory().resolve(id.toString());
        Collector collector = new Collector(wanted);
        try {
            StreamingQuery query = run.start("preview-" + id, id, checkpoint, collector, limits.rowsPerBatch());
            running.add(query);
            String stoppedBy;
            try {
                stoppedBy = await(query, collector, time);
            } finally {
                query.stop();
                running.remove(query);
            }
            Optional<StreamingQueryException> failed = query.exception();
            return new PreviewView(SqlTableView.columns(run.frame().schema()), collector.batches(),
                    collector.batchesRun(), failed.isPresent() ? "failed" : stoppedBy,
                    failed.map(failure -> QueryView.Failure.of(failure, shownPaths)).orElse(null));
        } finally {
            dataDirectory.delete(checkpoint);
        }
    }

    /** Waits until enough batches wrote rows, the run ends, or {@code time} passes; says which. */
    private static String await(StreamingQuery query, Collector collector, Duration time) {
        long deadline = System.nanoTime() + time.toNanos();
        try {
            while (true) {
                if (collector.enough.await(Math.min(POLL.toNanos(), Math.max(0, deadline - System.nanoTime())),
                        TimeUnit.NANOSECONDS)) {
                    return "batches";
                }
                if (!query.isActive()) {
                    return "ended";
                }
                if (System.nanoTime() - deadline >= 0) {
                    return "time";
                }
            }
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            return "time";
        }
    }

    private static int bounded(Integer asked, int maximum, String parameter) {
        if (asked == null) {
            return maximum;
        }
        if (asked < 1 || asked > maximum) {
            throw new ProblemException(ProblemType.INVALID_PARAMETER, parameter + " must be 1 to " + maximum
                    + ", was " + asked, Map.of("limit", maximum));
        }
        return asked;
    }

    /** On shutdown: previews still running stop, and their requests answer with what they have. */
    @PreDestroy
    void stopAll() {
        running.forEach(StreamingQuery::stop);
    }

    /** The batches of one preview's run, kept as they commit; on the query's thread. */
    private final class Collector implements BatchFunction {

        private final List<RecentBatch> batches = new ArrayList<>();
        private final AtomicLong batchesRun = new AtomicLong();
        private final CountDownLatch enough;

        Collector(int wanted) {
            this.enough = new CountDownLatch(wanted);
        }

        @Override
        public void call(ResultBatch batch, long batchId) {
            batchesRun.incrementAndGet();
            if (batch.count() == 0 || enough.getCount() == 0) {
                return;
            }
            synchronized (batches) {
                batches.add(RecentBatch.of(batchId, Instant.ofEpochMilli(session.clock().millis()), batch,
                        limits.rowsPerBatch()));
            }
            enough.countDown();
        }

        List<RecentBatch> batches() {
            synchronized (batches) {
                return List.copyOf(batches);
            }
        }

        long batchesRun() {
            return batchesRun.get();
        }
    }
}
