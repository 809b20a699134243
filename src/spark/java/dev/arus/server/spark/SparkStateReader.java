package dev.arus.server.spark;

import dev.arus.engine.data.Schema;
import dev.arus.engine.streaming.ArusException;
import dev.arus.engine.streaming.QueryStateReader;
import dev.arus.engine.streaming.StateMetadata;
import dev.arus.engine.streaming.StateRead;
import dev.arus.engine.streaming.StateReadRequest;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.apache.spark.SparkThrowable;
import org.apache.spark.sql.DataFrameReader;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.functions;

/**
 * A Spark query's state as Spark itself reads its checkpoint: its {@code state-metadata} source
 * for the operators and its {@code statestore} source for the rows, so that the shapes are
 * Spark's by construction. Like Arus's reader it reads committed files only, never the running
 * query; Spark's refusals keep their error classes ({@code STDS_*}). Each call is a small Spark
 * batch job in the query's own session.
 */
final class SparkStateReader implements QueryStateReader {

    private final SparkSession session;
    private final Path checkpoint;

    SparkStateReader(SparkSession session, Path checkpoint) {
        this.session = session;
        this.checkpoint = checkpoint;
    }

    @Override
    public List<StateMetadata> metadata() {
        lastCommittedBatch();
        return spark(() -> operators().stream().map(row -> {
            long operatorId = row.<Long>getAs("operatorId");
            String store = row.getAs("stateStoreName");
            long maxBatchId = row.<Long>getAs("maxBatchId");
            return new StateMetadata(operatorId, row.getAs("operatorName"), store, row.<Integer>getAs("numPartitions"),
                    row.<Long>getAs("minBatchId"), maxBatchId, properties(row),
                    statestore(operatorId, store, maxBatchId).count());
        }).toList());
    }

    @Override
    public StateRead read(StateReadRequest request) {
        long last = lastCommittedBatch();
        return spark(() -> {
            if (operators().stream().noneMatch(row -> row.<Long>getAs("operatorId") == request.operatorId())) {
                throw new ArusException(OPERATOR_NOT_FOUND, "The query's checkpoint has no stateful operator "
                        + request.operatorId());
            }
            DataFrameReader reader = session.read().format("statestore")
                    .option("operatorId", request.operatorId());
            option(reader, "batchId", request.batchId());
            option(reader, "storeName", request.storeName());
            option(reader, "joinSide", request.joinSide());
            if (request.readChangeFeed()) {
                reader.option("readChangeFeed", true);
                option(reader, "changeStartBatchId", request.changeStartBatchId());
                option(reader, "changeEndBatchId", request.changeEndBatchId());
            }
            Dataset<Row> rows = reader.load(checkpoint.toString());
            if (request.partition() != null) {
                rows = rows.where(functions.col("partition_id").equalTo(request.partition()));
            }
            Schema schema = SparkRows.schema(rows.schema());
            long batchId = request.readChangeFeed() && request.changeEndBatchId() != null ? request.changeEndBatchId()
                    : request.batchId() != null ? request.batchId() : last;
            return new StateRead(batchId, schema, SparkRows.rows(schema, rows.schema(), rows.collectAsList()));
        });
    }

    /** Spark's state-metadata rows: one per operator and store, by operator id, then store name. */
    private List<Row> operators() {
        return session.read().format("state-metadata").load(checkpoint.toString())
                .orderBy("operatorId", "stateStoreName").collectAsList();
    }

    private Dataset<Row> statestore(long operatorId, String store, long batchId) {
        return session.read().format("statestore").option("operatorId", operatorId).option("storeName", store)
                .option("batchId", batchId).load(checkpoint.toString());
    }

    private static String properties(Row row) {
        int field = row.schema().getFieldIndex("operatorProperties").getOrElse(() -> -1);
        return field < 0 || row.isNullAt(field) ? null : row.getString(field);
    }

    private static void option(DataFrameReader reader, String name, Object value) {
        if (value != null) {
            reader.option(name, value.toString());
        }
    }

    /** The last batch Spark's commit log holds; a checkpoint without one has no state to read. */
    private long lastCommittedBatch() {
        Path commits = checkpoint.resolve("commits");
        if (Files.isDirectory(commits)) {
            try (Stream<Path> files = Files.list(commits)) {
                long last = files.map(file -> file.getFileName().toString()).filter(name -> name.matches("\\d+"))
                        .mapToLong(Long::parseLong).max().orElse(-1);
                if (last >= 0) {
                    return last;
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        throw new ArusException(NO_COMMITTED_BATCH, "[" + NO_COMMITTED_BATCH + "] The query's checkpoint "
                + checkpoint + " has no committed batch to read state from.");
    }

    /** Runs a read in the query's session, Spark's refusals as the engine's errors of the same class. */
    private <T> T spark(Supplier<T> read) {
        try (ActiveSession active = ActiveSession.of(session)) {
            return read.get();
        } catch (RuntimeException thrown) {
            if (thrown instanceof SparkThrowable refused && refused.getCondition() != null) {
                throw new ArusException(refused.getCondition(), thrown.getMessage(), thrown);
            }
            throw thrown;
        }
    }
}
