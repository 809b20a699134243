package dev.arus.server.spark;

import dev.arus.engine.data.Schema;
import dev.arus.server.query.ArusSinks;
import dev.arus.engine.streaming.BatchFunction;
import dev.arus.engine.streaming.ResultBatch;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.api.java.function.VoidFunction2;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SaveMode;

/**
 * The foreachBatch function of every Spark query, on the driver, once per batch:
 * <ol>
 *   <li>keeps the batch's rows (Spark would otherwise compute them once per use);</li>
 *   <li>writes them to the spec's sink as a batch write ({@code console} prints Spark's banner
 *       and table; a file sink is laid out by the spec's {@code partitionBy}, Spark's
 *       {@code DataFrameWriter.partitionBy}); the {@code jdbc} and {@code http} sinks are Arus's
 *       own, handed the batch's rows collected on the driver, so that a batch is one transaction
 *       recorded in {@code arus_sink_commits} (a batch Spark runs again after a crash is skipped)
 *       or one webhook request with its idempotency key, exactly as on Arus's engine;</li>
 *   <li>hands the batch's first rows and its count to the service's observer (live results,
 *       {@code /batches}), in the engine's rows;</li>
 *   <li>lets the rows go.</li>
 * </ol>
 * A failure in any step fails the batch, and the query, as in Spark.
 */
final class SparkBatchWriter implements VoidFunction2<Dataset<Row>, Long> {

    private final String sinkFormat;
    private final Map<String, String> sinkOptions;
    private final List<String> partitionBy;
    private final BatchFunction observer;
    private final int observedRows;
    private final SparkRun run;
    private final ArusSinks.Writer arusSink;

    SparkBatchWriter(String sinkFormat, Map<String, String> sinkOptions, List<String> partitionBy,
                     BatchFunction observer, int observedRows, SparkRun run, ArusSinks.Writer arusSink) {
        this.run = run;
        this.arusSink = arusSink;
        this.sinkFormat = sinkFormat;
        this.sinkOptions = Map.copyOf(sinkOptions);
        this.partitionBy = List.copyOf(partitionBy);
        this.observer = observer;
        this.observedRows = observedRows;
    }

    @Override
    public void call(Dataset<Row> batch, Long batchId) throws Exception {
        Dataset<Row> rows = batch.persist();
        try {
            write(rows, batchId);
            long count = rows.count();
            run.wrote(batchId, count, arusSink == null ? Map.of() : arusSink.metrics());
            List<Row> first = rows.limit(observedRows).collectAsList();
            Schema schema = SparkRows.schema(rows.schema());
            observer.call(new ResultBatch(schema, SparkRows.rows(schema, rows.schema(), first), count), batchId);
        } finally {
            rows.unpersist();
        }
    }

    private void write(Dataset<Row> rows, long batchId) {
        if (arusSink != null) {
            Schema schema = SparkRows.schema(rows.schema());
            arusSink.write(batchId, new ResultBatch(schema, SparkRows.rows(schema, rows.schema(), rows.collectAsList())));
            return;
        }
        switch (sinkFormat) {
            case "noop" -> {
            }
            case "console" -> console(rows, batchId);
            case "kafka" -> rows.write().format("kafka").options(sinkOptions).save();
            default -> {
                Map<String, String> options = new LinkedHashMap<>(sinkOptions);
                String path = options.keySet().stream().filter("path"::equalsIgnoreCase).findFirst()
                        .map(options::remove).orElseThrow();
                rows.write().format(sinkFormat).options(options).partitionBy(partitionBy.toArray(String[]::new))
                        .mode(SaveMode.Append).save(path);
            }
        }
    }

    /** As Spark's console sink: the batch's banner, then its first {@code numRows} (20) rows, cut at 20 characters unless {@code truncate} is false. */
    private void console(Dataset<Row> rows, long batchId) {
        int numRows = Integer.parseInt(option("numRows", "20").trim());
        boolean truncate = Boolean.parseBoolean(option("truncate", "true").trim());
        System.out.println("-------------------------------------------");
        System.out.println("Batch: " + batchId);
        System.out.println("-------------------------------------------");
        rows.show(numRows, truncate ? 20 : 0);
    }

    private String option(String name, String otherwise) {
        return sinkOptions.entrySet().stream().filter(option -> option.getKey().equalsIgnoreCase(name))
                .map(Map.Entry::getValue).findFirst().orElse(otherwise);
    }
}
