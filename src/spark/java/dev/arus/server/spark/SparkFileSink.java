package dev.arus.server.spark;

import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.execution.datasources.FileFormat;
import org.apache.spark.sql.execution.datasources.csv.CSVFileFormat;
import org.apache.spark.sql.execution.datasources.json.JsonFileFormat;
import org.apache.spark.sql.execution.datasources.parquet.ParquetFileFormat;
import org.apache.spark.sql.execution.streaming.sinks.FileStreamSink;
import scala.jdk.javaapi.CollectionConverters;

/**
 * A file sink of a Spark query ({@code json}, {@code csv}, {@code parquet}): Spark's own
 * {@link FileStreamSink}, made as Spark's {@code DataSource.createSink} makes it and handed each
 * batch as Spark's micro-batch execution hands it. A batch's files are listed in
 * {@code _spark_metadata/<batchId>} once all are written, and a batch id the log already holds is
 * skipped: a batch run again after a crash is in the output once, and readers of the directory
 * (Spark's, DuckDB's, Arus's file source) see only the files the log lists. The output is laid
 * out in {@code col=value} directories by the spec's {@code partitionBy}, as Spark's.
 */
final class SparkFileSink implements SparkSink {

    /** The formats of Spark's file sink, by the name a spec gives. */
    static final Map<String, java.util.function.Supplier<FileFormat>> FORMATS = Map.of(
            "json", JsonFileFormat::new,
            "csv", CSVFileFormat::new,
            "parquet", ParquetFileFormat::new);

    private final FileStreamSink sink;

    /**
     * @param options the sink's options, {@code path} (absolute, inside the data directory) among them
     */
    SparkFileSink(SparkSession session, String format, Map<String, String> options, List<String> partitionBy) {
        String path = options.entrySet().stream().filter(option -> option.getKey().equalsIgnoreCase("path"))
                .map(Map.Entry::getValue).findFirst().orElseThrow();
        this.sink = new FileStreamSink(session, path, FORMATS.get(format).get(),
                CollectionConverters.asScala(partitionBy).toList(),
                scala.collection.immutable.Map.from(CollectionConverters.asScala(options)));
    }

    @Override
    public void write(Dataset<Row> batch, long batchId) {
        sink.addBatch(batchId, batch);
    }
}
