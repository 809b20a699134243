package dev.arus.engine.jdbc;

import com.zaxxer.hikari.HikariDataSource;
import dev.arus.engine.sink.Sink;
import dev.arus.engine.streaming.ResultBatch;
import dev.arus.engine.time.Clock;
import dev.arus.engine.time.IsoInstants;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;

/**
 * Writes each batch into a PostgreSQL table in one transaction, as its output mode says
 * ({@link TableWrite}). For a query with a checkpoint the same transaction records the batch in
 * {@link SinkCommits}, so a batch run again after a crash is skipped: the table holds each batch
 * exactly once. Without a checkpoint a run cannot tell an earlier run's batches from its own
 * (each run starts again at batch 0), so nothing is recorded or skipped. A batch that fails is
 * rolled back whole and fails the query with the sink's error class ({@link JdbcErrors}).
 * Reports per batch the rows it wrote and the time it took, with the target and the time of the
 * last write, as its progress metrics.
 */
final class JdbcSink implements Sink {

    private final JdbcConnection connection;
    private final TargetTable table;
    private final TableWrite write;
    private final HikariDataSource pool;
    private final UUID committingQuery;
    private final Clock clock;
    private long rowsWritten;
    private long writeNanos;
    private boolean skipped;
    private long lastWriteMillis = -1;
    private long lastWrittenBatch = -1;

    JdbcSink(JdbcConnection connection, TargetTable table, TableWrite write, HikariDataSource pool,
             UUID committingQuery, Clock clock) {
        this.connection = connection;
        this.table = table;
        this.write = write;
        this.pool = pool;
        this.committingQuery = committingQuery;
        this.clock = clock;
    }

    @Override
    public String description() {
        return "JdbcSink[" + connection.name() + ": " + table.name() + "]";
    }

    @Override
    public void addBatch(long batchId, ResultBatch batch) {
        long started = clock.nanoTime();
        rowsWritten = 0;
        skipped = false;
        try (Connection open = pool.getConnection()) {
            try {
                if (committingQuery != null && !SinkCommits.record(open, committingQuery, batchId, table.name())) {
                    open.rollback();
                    skipped = true;
                    return;
                }
                write.write(open, batch.rows());
                if (committingQuery != null) {
                    SinkCommits.forgetOld(open, committingQuery, batchId);
                }
                open.commit();
            } catch (SQLException | RuntimeException failed) {
                rollback(open);
                throw failed;
            }
            rowsWritten = batch.rows().size();
            lastWriteMillis = clock.millis();
            lastWrittenBatch = batchId;
        } catch (SQLException failed) {
            throw JdbcErrors.of(failed, "write batch " + batchId + " to table " + table.name() + " over "
                    + connection);
        } finally {
            writeNanos = clock.nanoTime() - started;
        }
    }

    private static void rollback(Connection open) {
        try {
            open.rollback();
        } catch (SQLException lost) {
            // a lost connection has no transaction left to roll back
        }
    }

    @Override
    public Map<String, String> metrics() {
        Map<String, String> metrics = new LinkedHashMap<>();
        metrics.put("target", connection.name() + ": " + table.name());
        metrics.put("rowsWritten", Long.toString(rowsWritten));
        metrics.put("writeTimeMs", Long.toString(writeNanos / 1_000_000));
        if (skipped) {
            metrics.put("skippedAsCommitted", "true");
        }
        if (lastWriteMillis >= 0) {
            metrics.put("lastWriteAt", IsoInstants.ofMillis(lastWriteMillis));
            metrics.put("lastWrittenBatchId", Long.toString(lastWrittenBatch));
        }
        return metrics;
    }

    @Override
    public void close() {
        pool.close();
    }
}
