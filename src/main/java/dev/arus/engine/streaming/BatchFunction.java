package dev.arus.engine.streaming;


/**
 * The user's function of {@code foreachBatch}, Spark's {@code VoidFunction2<Dataset<Row>, Long>}:
 * called once per batch with its rows and id, on the query's thread. Whatever it throws fails
 * the query.
 */
@FunctionalInterface
public interface BatchFunction {

    void call(ResultBatch batch, long batchId) throws Exception;
}
