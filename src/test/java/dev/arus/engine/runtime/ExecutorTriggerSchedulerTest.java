package dev.arus.engine.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arus.engine.time.SystemClock;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The production scheduler's cancel says whether the trigger had not started, as its contract
 * says: a query that cancels a waiting trigger to schedule another (new data brought its poll
 * forward) must never have two of its triggers running at once.
 */
class ExecutorTriggerSchedulerTest {

    @Test
    void aTriggerThatHasStartedCannotBeCancelled() throws InterruptedException {
        try (ExecutorTriggerScheduler scheduler = new ExecutorTriggerScheduler(SystemClock.INSTANCE, 1)) {
            CountDownLatch started = new CountDownLatch(1);
            CountDownLatch release = new CountDownLatch(1);
            TriggerScheduler.ScheduledTrigger running = scheduler.schedule(() -> {
                started.countDown();
                awaitQuietly(release);
            }, 0);
            assertThat(started.await(30, TimeUnit.SECONDS)).isTrue();

            assertThat(running.cancel()).as("cancel of a running trigger").isFalse();
            release.countDown();
        }
    }

    @Test
    void aCancelledTriggerNeverRuns() throws InterruptedException {
        try (ExecutorTriggerScheduler scheduler = new ExecutorTriggerScheduler(SystemClock.INSTANCE, 1)) {
            CountDownLatch release = new CountDownLatch(1);
            CountDownLatch blockerDone = new CountDownLatch(1);
            scheduler.schedule(() -> {
                awaitQuietly(release);
                blockerDone.countDown();
            }, 0);
            AtomicInteger runs = new AtomicInteger();
            TriggerScheduler.ScheduledTrigger waiting = scheduler.schedule(runs::incrementAndGet, 0);
            CountDownLatch after = new CountDownLatch(1);
            scheduler.schedule(after::countDown, 0);

            assertThat(waiting.cancel()).isTrue();
            assertThat(waiting.cancel()).as("a second cancel").isFalse();
            release.countDown();
            assertThat(after.await(30, TimeUnit.SECONDS)).isTrue();
            assertThat(runs).hasValue(0);
        }
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
