package dev.arus.engine.runtime;

import dev.arus.engine.sink.SinkTasks;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntConsumer;

/**
 * Runs a stage's tasks on up to {@link #parallelism()} task slots: slot 0 on the calling thread
 * (the query's trigger thread), the others on task threads every query of a session shares. With
 * {@code n} slots in use, slot {@code s} runs tasks {@code s, s + n, s + 2n, ...} in that order, so
 * which slot runs a task, and so the order in which the slots' results combine, never depends on
 * timing. A stage of one task runs on the calling thread alone. Thread-safe.
 */
public final class TaskSlots implements AutoCloseable {

    private static final AtomicInteger POOLS = new AtomicInteger();

    /** One task of a stage, run on slot {@code slot}. */
    @FunctionalInterface
    public interface Task {
        void run(int slot, int task);
    }

    private final int parallelism;
    private final ExecutorService threads;

    /** Slots for {@code parallelism} tasks at once: this many minus one task threads, the caller being the last. */
    public TaskSlots(int parallelism) {
        if (parallelism < 1) {
            throw new IllegalArgumentException("parallelism must be at least 1, was " + parallelism);
        }
        this.parallelism = parallelism;
        int pool = POOLS.incrementAndGet();
        AtomicInteger count = new AtomicInteger();
        this.threads = parallelism == 1 ? null : Executors.newFixedThreadPool(parallelism - 1, task -> {
            Thread thread = new Thread(task, "arus-task-" + pool + "-" + count.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        });
    }

    /** One slot per core by default: a batch's partitions then keep every core busy. */
    public static int defaultParallelism() {
        return Runtime.getRuntime().availableProcessors();
    }

    public int parallelism() {
        return parallelism;
    }

    /**
     * Runs tasks {@code 0 .. tasks - 1} and returns once all have ended. When some failed, the
     * others still run to their end, then the failure of the lowest slot is rethrown.
     */
    public void run(int tasks, Task task) {
        int used = Math.min(parallelism, tasks);
        if (used <= 1) {
            for (int t = 0; t < tasks; t++) {
                task.run(0, t);
            }
            return;
        }
        List<Future<?>> others = new ArrayList<>();
        List<Integer> inline = new ArrayList<>();
        for (int slot = 1; slot < used; slot++) {
            int s = slot;
            try {
                others.add(threads.submit(() -> runSlot(s, used, tasks, task)));
            } catch (RejectedExecutionException closed) {
                inline.add(s); // the session is closing: the caller runs the slot itself
            }
        }
        Throwable failure = null;
        try {
            runSlot(0, used, tasks, task);
            for (int s : inline) {
                runSlot(s, used, tasks, task);
            }
        } catch (RuntimeException | Error e) {
            failure = e;
        }
        for (Future<?> other : others) {
            Throwable slotFailure = await(other);
            if (failure == null) {
                failure = slotFailure;
            }
        }
        if (failure instanceof RuntimeException runtime) {
            throw runtime;
        }
        if (failure instanceof Error error) {
            throw error;
        }
    }

    private static void runSlot(int slot, int slots, int tasks, Task task) {
        for (int t = slot; t < tasks; t += slots) {
            task.run(slot, t);
        }
    }

    /** Waits for a slot to end, without giving up on an interrupt; returns its failure or null. */
    private static Throwable await(Future<?> slot) {
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    slot.get();
                    return null;
                } catch (ExecutionException e) {
                    return e.getCause();
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** These slots for a sink that writes a batch in pieces, each piece a task. */
    public SinkTasks forSinks() {
        return new SinkTasks() {
            @Override
            public int parallelism() {
                return parallelism;
            }

            @Override
            public void run(int tasks, IntConsumer task) {
                TaskSlots.this.run(tasks, (slot, t) -> task.accept(t));
            }
        };
    }

    /** Stops the task threads once the tasks already given to them have run. */
    @Override
    public void close() {
        if (threads != null) {
            threads.shutdown();
        }
    }
}
