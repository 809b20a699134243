package dev.arus.engine.sink;

import java.util.function.IntConsumer;

/**
 * The engine's task slots as a sink sees them: a sink that writes a batch in pieces (the file
 * sink's part files, one per task as Spark's tasks each write one) runs them here, on the
 * threads the engine already has for a batch's tasks, not on threads of its own.
 */
public interface SinkTasks {

    /** No task threads: every task runs on the calling thread, one after the other. */
    SinkTasks INLINE = new SinkTasks() {
        @Override
        public int parallelism() {
            return 1;
        }

        @Override
        public void run(int tasks, IntConsumer task) {
            for (int t = 0; t < tasks; t++) {
                task.accept(t);
            }
        }
    };

    /** How many tasks may run at once. */
    int parallelism();

    /**
     * Runs tasks {@code 0 .. tasks - 1} and returns once all have ended; when some failed, the
     * failure of one of them is rethrown after the others ended.
     */
    void run(int tasks, IntConsumer task);
}
