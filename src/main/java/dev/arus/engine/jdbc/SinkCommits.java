package dev.arus.engine.jdbc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.UUID;

/**
 * The table {@value #TABLE}: a row per batch that a {@code jdbc} sink of a checkpointed query
 * committed, {@code (query_id, batch_id)}, written in the batch's own transaction. So a batch is
 * in the target table exactly when its row is here, and a batch run again after a crash finds its
 * row and is skipped.
 *
 * <p>Steps of a batch, in one transaction:
 * <ol>
 * <li>insert the batch's row, {@code ON CONFLICT DO NOTHING}: no row inserted means an earlier run
 * committed the batch (a concurrent writer of the same batch waits on the primary key until the
 * first commits, then inserts nothing), and the transaction is rolled back: skipped;</li>
 * <li>write the batch's rows to the target table;</li>
 * <li>forget the query's rows older than {@value #RETAINED} batches: only the batch after the last
 * one the checkpoint committed can run again;</li>
 * <li>commit.</li>
 * </ol>
 */
final class SinkCommits {

    static final String TABLE = "arus_sink_commits";
    static final int RETAINED = 100;

    private SinkCommits() {
    }

    /** Creates the table unless it exists; another sink creating it at the same moment is no failure. */
    static void create(Connection connection) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute("CREATE TABLE IF NOT EXISTS " + TABLE + " (query_id UUID NOT NULL, batch_id BIGINT NOT "
                    + "NULL, target TEXT NOT NULL, committed_at TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "
                    + "PRIMARY KEY (query_id, batch_id))");
            connection.commit();
        } catch (SQLException raced) {
            connection.rollback();
            // two sessions creating the table at once: one fails on the catalogue's unique index
            if (!"23505".equals(raced.getSQLState()) && !"42P07".equals(raced.getSQLState())) {
                throw raced;
            }
        }
    }

    /** Step 1: whether the batch is new, and so recorded in the open transaction. */
    static boolean record(Connection connection, UUID query, long batchId, String target) throws SQLException {
        try (PreparedStatement insert = connection.prepareStatement("INSERT INTO " + TABLE
                + " (query_id, batch_id, target) VALUES (?, ?, ?) ON CONFLICT DO NOTHING")) {
            insert.setObject(1, query);
            insert.setLong(2, batchId);
            insert.setString(3, target);
            return insert.executeUpdate() == 1;
        }
    }

    /** Step 3. */
    static void forgetOld(Connection connection, UUID query, long batchId) throws SQLException {
        if (batchId < RETAINED) {
            return;
        }
        try (PreparedStatement delete = connection.prepareStatement("DELETE FROM " + TABLE
                + " WHERE query_id = ? AND batch_id < ?")) {
            delete.setObject(1, query);
            delete.setLong(2, batchId - RETAINED);
            delete.executeUpdate();
        }
    }
}
