package dev.arus.server.spark;

import dev.arus.engine.source.SourceContext;
import dev.arus.engine.source.StreamSourceProvider;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.apache.spark.sql.connector.catalog.SupportsRead;
import org.apache.spark.sql.connector.catalog.Table;
import org.apache.spark.sql.connector.catalog.TableCapability;
import org.apache.spark.sql.connector.catalog.TableProvider;
import org.apache.spark.sql.connector.expressions.Transform;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.connector.read.streaming.MicroBatchStream;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * The {@code stream} source on Spark: a stream of the service's event log as a table of Spark's
 * DataSource V2 that a streaming query reads in micro-batches ({@link EventLogMicroBatchStream}).
 * Its columns are the stream's, then {@code ingest_time}, as Arus's engine reads them. Spark
 * makes it from its class name and the options {@link SparkEventLog} gives: the source's own
 * ({@code stream}, {@code startingOffsets}, {@code maxOffsetsPerTrigger}, {@code failOnDataLoss}),
 * the key of the service's log ({@value #LOG_OPTION}) and the name the query reads under
 * ({@value #READER_OPTION}). It takes no schema of the user's, as Spark's Kafka source takes none.
 */
public final class EventLogSource implements TableProvider {

    /** The option that holds the key {@link SparkEventLog#find} finds the service's log by. */
    static final String LOG_OPTION = "arus.eventLog";
    /** The option that names the query reading, as the stream lists its readers. */
    static final String READER_OPTION = "arus.reader";

    /** Spark makes the provider by reflection. */
    public EventLogSource() {
    }

    @Override
    public StructType inferSchema(CaseInsensitiveStringMap options) {
        SparkEventLog.Registered log = SparkEventLog.find(options.get(LOG_OPTION));
        return EventLogRows.schema(new StreamSourceProvider(log.log()).schema(
                SourceContext.describing(sourceOptions(options), log.clock())));
    }

    @Override
    public Table getTable(StructType schema, Transform[] partitioning, Map<String, String> properties) {
        return new StreamTable(schema);
    }

    /** The options of Arus's {@code stream} source, as given: those of the service left out. */
    static Map<String, String> sourceOptions(CaseInsensitiveStringMap options) {
        Map<String, String> given = new LinkedHashMap<>(options.asCaseSensitiveMap());
        given.keySet().removeIf(key -> key.equalsIgnoreCase(LOG_OPTION) || key.equalsIgnoreCase(READER_OPTION));
        return given;
    }

    /** The stream as a table a streaming query reads in micro-batches. */
    private record StreamTable(StructType schema) implements SupportsRead {

        @Override
        public String name() {
            return "stream";
        }

        @Override
        public Set<TableCapability> capabilities() {
            return Set.of(TableCapability.MICRO_BATCH_READ);
        }

        @Override
        public ScanBuilder newScanBuilder(CaseInsensitiveStringMap options) {
            return () -> new StreamScan(schema, options);
        }
    }

    /** A scan of the stream: all its columns, read in micro-batches from the query's checkpoint on. */
    private record StreamScan(StructType readSchema, CaseInsensitiveStringMap options) implements Scan {

        @Override
        public MicroBatchStream toMicroBatchStream(String checkpointLocation) {
            return EventLogMicroBatchStream.open(SparkEventLog.find(options.get(LOG_OPTION)), options.get(LOG_OPTION),
                    sourceOptions(options), options.get(READER_OPTION), checkpointLocation);
        }
    }
}
