package dev.arus.engine.jdbc;

import com.zaxxer.hikari.HikariDataSource;
import dev.arus.engine.sink.Sink;
import dev.arus.engine.sink.SinkContext;
import dev.arus.engine.sink.SinkProvider;
import dev.arus.engine.streaming.ArusException;
import dev.arus.engine.streaming.InvalidOptionException;
import dev.arus.engine.streaming.OutputMode;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.List;

/**
 * The {@code jdbc} sink format, PostgreSQL: a {@link JdbcSink} writing the table of option
 * {@code table} over the configured connection named by option {@code connection}. Options:
 * {@code keys}, the columns that identify a row for the upserts of update mode (a comma-separated
 * list of output columns; by default the query's grouping columns, its window included), and
 * {@code createTable} ({@code false} by default) to create a missing table from the query's
 * columns. When the run starts, the connection is opened within the connect timeout, the table
 * checked (or created), and {@value SinkCommits#TABLE} created: a query that could not write is
 * refused then, naming the option at fault.
 */
public final class JdbcSinkProvider implements SinkProvider {

    public static final String FORMAT = "jdbc";

    @Override
    public String format() {
        return FORMAT;
    }

    @Override
    public List<String> options() {
        return List.of("connection", "table", "keys", "createTable");
    }

    @Override
    public Sink create(SinkContext context) {
        JdbcConnection connection = JdbcConnection.named(context);
        String table = TargetTable.checkName(context.option("table"));
        boolean create = createTable(context.option("createTable"));
        TableColumns columns = TableColumns.of(context.schema());
        List<TableColumns.Column> keys = context.mode() == OutputMode.UPDATE ? columns.keys(keys(context)) : List.of();
        HikariDataSource pool = connection.pool("arus-jdbc-" + context.query().id(), context.connectTimeout());
        try (Connection opened = open(pool, connection)) {
            TargetTable target = TargetTable.open(opened, table, columns, keys, create);
            if (context.checkpointed()) {
                SinkCommits.create(opened);
            }
            TableWrite write = switch (context.mode()) {
                case APPEND -> new TableWrite.Append(target, columns);
                case UPDATE -> new TableWrite.Upsert(target, columns, keys);
                case COMPLETE -> new TableWrite.Replace(target, columns);
            };
            return new JdbcSink(connection, target, write, pool, context.checkpointed() ? context.query().id() : null,
                    context.clock());
        } catch (SQLException failed) {
            pool.close();
            ArusException error = JdbcErrors.of(failed, "check table " + table + " over " + connection);
            throw new InvalidOptionException(error.errorClass(), "table", error.getMessage(), failed);
        } catch (RuntimeException | Error failed) {
            pool.close();
            throw failed;
        }
    }

    /** A connection of {@code pool}; one the database does not give in time is the option {@code connection}'s fault. */
    private static Connection open(HikariDataSource pool, JdbcConnection connection) {
        try {
            return pool.getConnection();
        } catch (SQLException unreachable) {
            ArusException error = JdbcErrors.of(unreachable, "connect to the database of " + connection);
            throw new InvalidOptionException(error.errorClass(), "connection", error.getMessage(), unreachable);
        }
    }

    /** The option {@code keys}, else the query's grouping columns; an upsert needs one or the other. */
    private static List<String> keys(SinkContext context) {
        String given = context.option("keys");
        if (given != null && !given.isBlank()) {
            return Arrays.stream(given.split(",")).map(String::trim).filter(key -> !key.isEmpty()).toList();
        }
        if (context.groupingColumns().isEmpty()) {
            throw new InvalidOptionException("keys", "Option 'keys' is required in update mode when the query's "
                    + "output has no grouping columns to upsert by: the output columns that identify a row, "
                    + "comma-separated");
        }
        return context.groupingColumns();
    }

    private static boolean createTable(String value) {
        if (value == null) {
            return false;
        }
        return switch (value.trim().toLowerCase(java.util.Locale.ROOT)) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new InvalidOptionException("createTable", "Invalid value '" + value
                    + "' for option 'createTable': true or false");
        };
    }
}
