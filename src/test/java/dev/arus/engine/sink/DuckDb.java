package dev.arus.engine.sink;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;

/**
 * DuckDB, in memory, as the independent reader of what the sinks write: its own Parquet and JSON
 * readers, no code shared with Arus or parquet-java.
 */
public final class DuckDb {

    private DuckDb() {
    }

    /** The rows of a query, each as {@code v1|v2|..} with DuckDB's text of each value. */
    public static List<String> query(String sql) {
        try (Connection connection = DriverManager.getConnection("jdbc:duckdb:");
             Statement statement = connection.createStatement();
             ResultSet result = statement.executeQuery(sql)) {
            List<String> rows = new ArrayList<>();
            int columns = result.getMetaData().getColumnCount();
            while (result.next()) {
                StringJoiner row = new StringJoiner("|");
                for (int c = 1; c <= columns; c++) {
                    row.add(String.valueOf(result.getString(c)));
                }
                rows.add(row.toString());
            }
            return rows;
        } catch (SQLException e) {
            throw new IllegalStateException(sql + ": " + e.getMessage(), e);
        }
    }

    /** Runs statements that return nothing, such as {@code COPY (...) TO 'f.parquet'}, in one session. */
    public static void execute(String... statements) {
        try (Connection connection = DriverManager.getConnection("jdbc:duckdb:");
             Statement statement = connection.createStatement()) {
            statement.execute("SET TimeZone = 'UTC'");
            for (String sql : statements) {
                statement.execute(sql);
            }
        } catch (SQLException e) {
            throw new IllegalStateException(String.join("; ", statements) + ": " + e.getMessage(), e);
        }
    }

    /** The rows of one Parquet file, with the session in UTC. */
    public static List<String> parquetRows(Path file) {
        return query("SELECT * FROM read_parquet('" + file + "')");
    }

    /**
     * The rows of several Parquet files of one schema, by file, read in one query: as
     * {@link #parquetRows} gives them for each file, an empty list for a file without rows.
     */
    public static Map<Path, List<String>> parquetRowsByFile(List<Path> files) {
        Map<Path, List<String>> rows = new HashMap<>();
        files.forEach(file -> rows.put(file, new ArrayList<>()));
        if (files.isEmpty()) {
            return rows;
        }
        StringJoiner list = new StringJoiner(", ", "[", "]");
        files.forEach(file -> list.add("'" + file + "'"));
        for (String row : query("SELECT * FROM read_parquet(" + list + ", filename = true)")) {
            int last = row.lastIndexOf('|');
            rows.get(Path.of(row.substring(last + 1))).add(row.substring(0, last));
        }
        return rows;
    }

    /** The column names and DuckDB types of a Parquet file, {@code name type}. */
    public static List<String> parquetColumns(Path file) {
        return query("SELECT column_name, column_type FROM (DESCRIBE SELECT * FROM read_parquet('" + file + "'))");
    }
}
