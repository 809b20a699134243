package dev.arus.engine.files;

import java.util.function.BiConsumer;

/**
 * A test seam: tells an installed observer when a batch reaches each step of the checkpoint
 * protocol, so that a crash test can stop the process exactly there. Nothing is installed in
 * production, where each step costs one read of a volatile field.
 */
public final class ProtocolProbe {

    /**
     * The points of the protocol a test can stop at: where a run resumes, then, in the order a
     * batch reaches them, the steps of a batch.
     */
    public enum Step {
        /** A run restarted on its checkpoint begins to load its state (batch id: the first it will run). */
        STATE_LOADING,
        /** {@code offsets/<batchId>} is on disk; the batch has not run. */
        OFFSETS_WRITTEN,
        /** Half of the state delta is in its temporary file. */
        STATE_HALF_WRITTEN,
        /** The state version of the batch is on disk. */
        STATE_COMMITTED,
        /** The sink has the batch. */
        SINK_WRITTEN,
        /** {@code commits/<batchId>} is on disk. */
        COMMIT_WRITTEN
    }

    private static volatile BiConsumer<Step, Long> observer;

    private ProtocolProbe() {
    }

    /** Installs {@code observer} for the whole JVM; {@code null} removes it. */
    public static void install(BiConsumer<Step, Long> probe) {
        observer = probe;
    }

    public static boolean installed() {
        return observer != null;
    }

    /** Reports that batch {@code batchId} reached {@code step}. */
    public static void reached(Step step, long batchId) {
        BiConsumer<Step, Long> probe = observer;
        if (probe != null) {
            probe.accept(step, batchId);
        }
    }
}
