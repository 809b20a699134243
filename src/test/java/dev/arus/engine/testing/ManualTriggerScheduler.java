package dev.arus.engine.testing;

import dev.arus.engine.runtime.TriggerScheduler;
import dev.arus.engine.time.ManualClock;
import java.util.PriorityQueue;

/**
 * A scheduler for tests: triggers wait in a queue until the test runs them, on the test's own
 * thread, moving the manual clock to each trigger's due time first. Nothing sleeps, nothing races.
 */
public final class ManualTriggerScheduler implements TriggerScheduler {

    private final ManualClock clock;
    private final PriorityQueue<Pending> queue = new PriorityQueue<>();
    private long sequence;

    public ManualTriggerScheduler(ManualClock clock) {
        this.clock = clock;
    }

    @Override
    public synchronized ScheduledTrigger schedule(Runnable task, long dueMillis) {
        Pending pending = new Pending(task, dueMillis, sequence++);
        queue.add(pending);
        return () -> {
            synchronized (this) {
                return queue.remove(pending);
            }
        };
    }

    public synchronized boolean hasPending() {
        return !queue.isEmpty();
    }

    /** The due time of the next trigger, or -1 when none waits. */
    public synchronized long nextDueMillis() {
        return queue.isEmpty() ? -1 : queue.peek().dueMillis();
    }

    /** Runs the earliest waiting trigger, after moving the clock to its due time if that is later. */
    public void runNext() {
        Pending next;
        synchronized (this) {
            next = queue.poll();
        }
        if (next == null) {
            throw new IllegalStateException("no trigger is scheduled");
        }
        if (clock.millis() < next.dueMillis()) {
            clock.setMillis(next.dueMillis());
        }
        next.task().run();
    }

    @Override
    public void close() {
        synchronized (this) {
            queue.clear();
        }
    }

    private record Pending(Runnable task, long dueMillis, long sequence) implements Comparable<Pending> {
        @Override
        public int compareTo(Pending other) {
            int byTime = Long.compare(dueMillis, other.dueMillis);
            return byTime != 0 ? byTime : Long.compare(sequence, other.sequence);
        }
    }
}
