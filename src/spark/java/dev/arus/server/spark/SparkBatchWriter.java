package dev.arus.server.spark;

import dev.arus.engine.data.Schema;
import dev.arus.engine.streaming.BatchFunction;
import dev.arus.engine.streaming.ResultBatch;
import java.util.List;
import org.apache.spark.api.java.function.VoidFunction2;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/**
 * The foreachBatch function of every Spark query, on the driver, once per batch:
 * <ol>
 *   <li>keeps the batch's rows (Spark would otherwise compute them once per use);</li>
 *   <li>writes them to the run's {@link SparkSink} under the batch's id;</li>
 *   <li>hands the batch's first rows and its count to the service's observer (live results,
 *       {@code /batches}), in the engine's rows, and the sink's figures to the run's progress;</li>
 *   <li>lets the rows go.</li>
 * </ol>
 * A failure in any step fails the batch, and the query, as in Spark.
 */
final class SparkBatchWriter implements VoidFunction2<Dataset<Row>, Long> {

    private final SparkSink sink;
    private final BatchFunction observer;
    private final int observedRows;
    private final SparkRun run;

    SparkBatchWriter(SparkSink sink, BatchFunction observer, int observedRows, SparkRun run) {
        this.sink = sink;
        this.observer = observer;
        this.observedRows = observedRows;
        this.run = run;
    }

    @Override
    public void call(Dataset<Row> batch, Long batchId) throws Exception {
        Dataset<Row> rows = batch.persist();
        try {
            sink.write(rows, batchId);
            long count = rows.count();
            run.wrote(batchId, count, sink.metrics());
            List<Row> first = rows.limit(observedRows).collectAsList();
            Schema schema = SparkRows.schema(rows.schema());
            observer.call(new ResultBatch(schema, SparkRows.rows(schema, rows.schema(), first), count), batchId);
        } finally {
            rows.unpersist();
        }
    }
}
