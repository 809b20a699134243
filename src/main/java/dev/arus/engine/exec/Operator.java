package dev.arus.engine.exec;

import dev.arus.engine.data.ColumnarBatch;

/**
 * A physical operator in a push pipeline: it receives the chunks of a micro-batch one at a
 * time and pushes its output to the next operator. Only {@link #process} is required; the
 * end-of-batch hook does nothing by default. A chunk passed on is only valid during the call.
 */
public interface Operator {

    void process(ColumnarBatch chunk, BatchContext context);

    /** Called once after the batch's last chunk; stateful operators emit their output here. */
    default void finishBatch(BatchContext context) {
    }
}
