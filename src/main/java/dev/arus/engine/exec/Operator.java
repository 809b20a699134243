package dev.arus.engine.exec;

import dev.arus.engine.data.ColumnarBatch;

/**
 * A physical operator in a push pipeline: it receives the chunks of a micro-batch one at a
 * time and pushes its output to the next operator. A chunk passed on is only valid during the
 * call. An operator instance belongs to one task slot: it may keep reusable buffers, and is never
 * called by two threads at once.
 */
public interface Operator {

    void process(ColumnarBatch chunk, BatchContext context);
}
