package dev.arus.engine.jdbc;

import dev.arus.engine.data.Row;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.stream.Collectors;
import org.postgresql.PGConnection;
import org.postgresql.copy.CopyIn;

/**
 * How a batch's rows go into the table, by output mode, inside the batch's transaction: all of
 * them by {@code COPY ... FROM STDIN}, PostgreSQL's bulk load, with no statement per row.
 */
sealed interface TableWrite {

    /** Writes {@code rows}; the caller commits or rolls back. */
    void write(Connection connection, List<Row> rows) throws SQLException;

    /** {@code append}: the rows are copied into the table. */
    record Append(TargetTable table, TableColumns columns) implements TableWrite {
        @Override
        public void write(Connection connection, List<Row> rows) throws SQLException {
            copy(connection, table.name(), table.columns(), columns, rows);
        }
    }

    /**
     * {@code update}: the rows are copied into a temporary table of the session, then inserted
     * into the table with {@code ON CONFLICT (keys) DO UPDATE}: a new key is inserted, a known
     * one's other columns replaced. The temporary table empties itself at each commit.
     */
    record Upsert(TargetTable table, TableColumns columns, List<TableColumns.Column> keys) implements TableWrite {

        private static final String STAGE = "arus_sink_stage";

        @Override
        public void write(Connection connection, List<Row> rows) throws SQLException {
            if (rows.isEmpty()) {
                return;
            }
            String stage = STAGE + "_" + Integer.toHexString(table.name().hashCode() & 0x7fffffff);
            String columnList = String.join(", ", table.columns());
            List<String> keyNames = keys.stream().map(key -> table.columns().get(columns.all().indexOf(key))).toList();
            List<String> others = table.columns().stream().filter(column -> !keyNames.contains(column)).toList();
            try (Statement statement = connection.createStatement()) {
                statement.execute("CREATE TEMPORARY TABLE IF NOT EXISTS " + stage + " AS SELECT " + columnList
                        + " FROM " + table.name() + " WITH NO DATA");
                statement.execute("TRUNCATE " + stage);
                copy(connection, stage, table.columns(), columns, rows);
                statement.executeUpdate("INSERT INTO " + table.name() + " (" + columnList + ") SELECT " + columnList
                        + " FROM " + stage + " ON CONFLICT (" + String.join(", ", keyNames) + ") DO "
                        + (others.isEmpty() ? "NOTHING" : "UPDATE SET " + others.stream()
                                .map(column -> column + " = EXCLUDED." + column).collect(Collectors.joining(", "))));
            }
        }
    }

    /** {@code complete}: the table's rows are deleted and the batch's copied in, one transaction. */
    record Replace(TargetTable table, TableColumns columns) implements TableWrite {
        @Override
        public void write(Connection connection, List<Row> rows) throws SQLException {
            try (Statement statement = connection.createStatement()) {
                // DELETE, not TRUNCATE: readers see the old rows until the commit instead of waiting on a lock
                statement.executeUpdate("DELETE FROM " + table.name());
            }
            copy(connection, table.name(), table.columns(), columns, rows);
        }
    }

    /** Rows encoded in pieces of about this many characters, each handed to the driver as it is made. */
    int CHUNK = 64 * 1024;

    private static void copy(Connection connection, String table, List<String> names, TableColumns columns,
                             List<Row> rows) throws SQLException {
        if (rows.isEmpty()) {
            return;
        }
        CopyIn copy = connection.unwrap(PGConnection.class).getCopyAPI()
                .copyIn("COPY " + table + " (" + String.join(", ", names) + ") FROM STDIN");
        try {
            StringBuilder chunk = new StringBuilder(CHUNK + 1024);
            for (Row row : rows) {
                CopyText.appendRow(chunk, row, columns.all());
                if (chunk.length() >= CHUNK) {
                    send(copy, chunk);
                }
            }
            send(copy, chunk);
            copy.endCopy();
        } finally {
            if (copy.isActive()) {
                copy.cancelCopy();
            }
        }
    }

    private static void send(CopyIn copy, StringBuilder chunk) throws SQLException {
        byte[] bytes = chunk.toString().getBytes(StandardCharsets.UTF_8);
        copy.writeToCopy(bytes, 0, bytes.length);
        chunk.setLength(0);
    }
}
