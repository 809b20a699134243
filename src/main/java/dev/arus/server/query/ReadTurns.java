package dev.arus.server.query;

import dev.arus.server.web.ProblemException;
import dev.arus.server.web.ProblemType;
import java.time.Duration;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * Turns for reads of state: at most {@code permits} run at once, each taking a core while it
 * lasts, so that the queries' batches keep the others; a read waits for its turn, first come
 * first served, up to {@code wait}, and is then refused. Thread-safe.
 */
final class ReadTurns {

    private final Semaphore turns;
    private final Duration wait;

    ReadTurns(int permits, Duration wait) {
        this.turns = new Semaphore(permits, true);
        this.wait = wait;
    }

    /** Half the cores, at least one, each read waiting up to 30 s. */
    static ReadTurns forThisMachine() {
        return new ReadTurns(Math.max(1, Runtime.getRuntime().availableProcessors() / 2), Duration.ofSeconds(30));
    }

    /**
     * {@code read}, in its turn.
     *
     * @throws ProblemException {@code too-many-state-reads} when no turn came within the wait
     */
    <T> T run(Supplier<T> read) {
        try {
            if (!turns.tryAcquire(wait.toMillis(), TimeUnit.MILLISECONDS)) {
                throw new ProblemException(ProblemType.TOO_MANY_STATE_READS, "Other reads of state kept this one "
                        + "waiting " + wait.toMillis() + " ms; try again");
            }
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            throw new ProblemException(ProblemType.SHUTTING_DOWN, "The read of state was interrupted");
        }
        try {
            return read.get();
        } finally {
            turns.release();
        }
    }
}
