package dev.arus.engine.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.fail;

import dev.arus.engine.api.ArusSession;
import dev.arus.engine.api.StreamFrame;
import dev.arus.engine.streaming.ArusException;
import dev.arus.engine.streaming.StreamingQuery;
import dev.arus.engine.streaming.StreamingQueryException;
import dev.arus.engine.streaming.StreamingQueryListener;
import dev.arus.engine.time.SystemClock;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Queries on real threads ({@link ExecutorTriggerScheduler} and the system clock), with the
 * default trigger and the {@code rate-micro-batch} source, which has data on every trigger.
 * Nothing sleeps: the tests wait for listener events and latches, with a generous timeout.
 */
class StreamExecutionThreadsTest {

    private static final int POOL_SIZE = 2;
    private static final long TIMEOUT_SECONDS = 30;

    private Set<Thread> threadsBefore;
    private ArusSession session;

    @BeforeEach
    void startSession() {
        threadsBefore = Thread.getAllStackTraces().keySet();
        session = ArusSession.builder()
                .scheduler(new ExecutorTriggerScheduler(SystemClock.INSTANCE, POOL_SIZE))
                .build();
    }

    @AfterEach
    void closeSession() {
        session.close();
    }

    @Test
    void failingQueryEndsWhileAnotherQueryOfTheSessionKeepsMakingProgress() throws InterruptedException {
        ProgressCounter healthyProgress = new ProgressCounter();
        CountDownLatch failed = new CountDownLatch(1);
        AtomicReference<String> terminatedWith = new AtomicReference<>();
        session.streams().addListener(healthyProgress);
        session.streams().addListener(new StreamingQueryListener() {
            @Override
            public void onQueryTerminated(QueryTerminatedEvent event) {
                terminatedWith.set(event.exception());
                failed.countDown();
            }
        });
        StreamingQuery healthy = microBatches().writeStream().format("noop").start();
        healthyProgress.watch(healthy.id());
        StreamingQuery failing = microBatches().selectExpr("value / (value - value) AS ratio")
                .writeStream().format("noop").start();

        await(failed);
        CountDownLatch fiveMore = healthyProgress.expect(5);

        assertThat(failing.isActive()).isFalse();
        StreamingQueryException failure = failing.exception().orElseThrow();
        assertThat(failure.getMessage()).isEqualTo("Query [id = " + failing.id() + ", runId = " + failing.runId()
                + "] terminated with exception: " + failure.getCause().getMessage());
        assertThat(failure.getCause().getMessage()).startsWith("[DIVIDE_BY_ZERO]");
        assertThat(terminatedWith.get()).isEqualTo(failure.getMessage());
        assertThatThrownBy(failing::awaitTermination).isInstanceOf(StreamingQueryException.class).isSameAs(failure);
        assertThat(failing.status().message()).startsWith("Terminated with exception: [DIVIDE_BY_ZERO]");
        await(fiveMore);
        assertThat(healthy.isActive()).isTrue();
        assertThat(session.streams().active()).containsExactly(healthy);
    }

    @Test
    void foreachBatchFailureFailsTheQuery() throws InterruptedException {
        StreamingQuery query = microBatches().writeStream().foreachBatch((batch, id) -> {
            throw new IllegalStateException("sink is down");
        }).start();

        assertThatThrownBy(() -> query.awaitTermination(Duration.ofSeconds(TIMEOUT_SECONDS)))
                .isInstanceOf(StreamingQueryException.class)
                .hasMessageEndingWith("terminated with exception: [FOREACH_BATCH_USER_FUNCTION_ERROR] An error"
                        + " occurred in the user provided function in foreach batch sink. Reason: sink is down");
        assertThat(query.isActive()).isFalse();
    }

    @Test
    void stopLetsTheBatchInFlightFinishAndRunsNoOther() throws InterruptedException {
        CountDownLatch batchStarted = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        List<String> sinkLog = new CopyOnWriteArrayList<>();
        StreamingQuery query = microBatches().writeStream().foreachBatch((batch, id) -> {
            sinkLog.add("start " + id);
            batchStarted.countDown();
            release.await();
            sinkLog.add("end " + id);
        }).start();
        await(batchStarted);

        Thread stopper = new Thread(query::stop, "stopper");
        stopper.start();
        awaitWaiting(stopper); // stop() has been asked and waits for the batch
        assertThat(query.isActive()).isTrue();
        release.countDown();
        stopper.join(TimeUnit.SECONDS.toMillis(TIMEOUT_SECONDS));

        assertThat(stopper.isAlive()).isFalse();
        assertThat(sinkLog).containsExactly("start 0", "end 0");
        assertThat(query.lastProgress().batchId()).as("the batch in flight is reported").isZero();
        assertThat(query.isActive()).isFalse();
        assertThat(query.status().message()).isEqualTo("Stopped");
        assertThat(query.exception()).isEmpty();
        query.stop();
        assertThat(query.awaitTermination(Duration.ZERO)).isTrue();
    }

    @Test
    void stopFromTheQuerysOwnSinkOrListenerDoesNotDeadlock() throws InterruptedException {
        AtomicReference<StreamingQuery> fromSink = new AtomicReference<>();
        CountDownLatch started = new CountDownLatch(1);
        fromSink.set(microBatches().writeStream().foreachBatch((batch, id) -> {
            started.await();
            fromSink.get().stop();
        }).start());
        started.countDown();

        AtomicReference<UUID> listenedTo = new AtomicReference<>();
        session.streams().addListener(new StreamingQueryListener() {
            @Override
            public void onQueryProgress(QueryProgressEvent event) {
                if (event.progress().id().equals(listenedTo.get())) {
                    session.streams().get(event.progress().id()).ifPresent(StreamingQuery::stop);
                }
            }

            @Override
            public void onQueryTerminated(QueryTerminatedEvent event) {
                session.streams().get(event.id()).ifPresent(StreamingQuery::stop);
            }
        });
        StreamingQuery fromListener = microBatches().writeStream().format("noop").start();
        listenedTo.set(fromListener.id());

        assertThat(fromSink.get().awaitTermination(Duration.ofSeconds(TIMEOUT_SECONDS))).isTrue();
        assertThat(fromListener.awaitTermination(Duration.ofSeconds(TIMEOUT_SECONDS))).isTrue();
        assertThat(fromSink.get().status().message()).isEqualTo("Stopped");
        assertThat(fromListener.status().message()).isEqualTo("Stopped");
        assertThat(session.streams().active()).isEmpty();
    }

    @Test
    void startingAndStoppingManyQueriesLeavesNoThreadsOrActiveQueriesBehind() throws InterruptedException {
        AtomicReference<CountDownLatch> progressed = new AtomicReference<>(new CountDownLatch(0));
        session.streams().addListener(new StreamingQueryListener() {
            @Override
            public void onQueryProgress(QueryProgressEvent event) {
                progressed.get().countDown();
            }
        });
        for (int i = 0; i < 200; i++) {
            boolean waitForABatch = i % 10 == 0;
            CountDownLatch firstBatch = new CountDownLatch(waitForABatch ? 1 : 0);
            progressed.set(firstBatch);
            StreamingQuery query = microBatches().writeStream()
                    .format(i % 2 == 0 ? "noop" : "memory").queryName("cycle").start();
            await(firstBatch); // every tenth query is stopped while it runs batches
            query.stop();
            assertThat(query.isActive()).isFalse();
            assertThat(session.streams().active()).as("after stop %d", i).isEmpty();
        }

        List<Thread> triggerThreads = newTriggerThreads();
        assertThat(triggerThreads).hasSizeLessThanOrEqualTo(POOL_SIZE);

        session.close();
        for (Thread thread : triggerThreads) {
            thread.join(TimeUnit.SECONDS.toMillis(TIMEOUT_SECONDS));
        }
        assertThat(newTriggerThreads()).isEmpty();
    }

    @Test
    void startAfterTheSessionClosedFailsAndLeavesNothingActive() {
        session.close();

        assertThatThrownBy(() -> microBatches().writeStream().format("noop").start())
                .isInstanceOfSatisfying(ArusException.class,
                        e -> assertThat(e.errorClass()).isEqualTo("SESSION_CLOSED"))
                .hasMessageContaining("session is closed");
        assertThat(session.streams().active()).isEmpty();
    }

    private StreamFrame microBatches() {
        return session.readStream().format("rate-micro-batch").option("rowsPerBatch", 10).load();
    }

    private List<Thread> newTriggerThreads() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().startsWith("arus-trigger-") && !threadsBefore.contains(t) && t.isAlive())
                .toList();
    }

    private static void await(CountDownLatch latch) throws InterruptedException {
        if (!latch.await(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            fail("timed out waiting for an event");
        }
    }

    /** Waits, without sleeping, until {@code thread} blocks waiting (here: in stop()). */
    private static void awaitWaiting(Thread thread) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(TIMEOUT_SECONDS);
        while (thread.getState() != Thread.State.WAITING) {
            if (System.nanoTime() > deadline) {
                fail("thread " + thread.getName() + " never waited; state " + thread.getState());
            }
            Thread.onSpinWait();
        }
    }

    /** Counts progress events of one query and opens latches after a number more. */
    private static final class ProgressCounter implements StreamingQueryListener {
        private volatile UUID watched;
        private volatile CountDownLatch next = new CountDownLatch(0);

        void watch(UUID id) {
            watched = id;
        }

        CountDownLatch expect(int events) {
            CountDownLatch latch = new CountDownLatch(events);
            next = latch;
            return latch;
        }

        @Override
        public void onQueryProgress(QueryProgressEvent event) {
            if (event.progress().id().equals(watched)) {
                next.countDown();
            }
        }
    }
}
