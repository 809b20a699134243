package dev.arus.engine.jdbc;

import dev.arus.engine.streaming.InvalidOptionException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The table a {@code jdbc} sink writes, checked once when a run starts: it exists (or is created
 * from the output's columns when the {@code createTable} option says so); it has every column the
 * output fills, matched in any case as Spark matches them, each of a type that holds the output's
 * values; each of its other columns takes NULL or has a default; and for upserts a unique index on
 * exactly the key columns, under which a NULL key is one key (a NOT NULL column or PostgreSQL 15's
 * {@code NULLS NOT DISTINCT}), or {@code ON CONFLICT} would insert a row with a NULL key again
 * instead of updating it. Each refusal is a {@code 400} naming the table and the columns.
 *
 * @param name    the table as SQL names it ({@code revenue}, {@code shop.revenue})
 * @param columns the table's name of each column the output fills, in {@link TableColumns} order,
 *                quoted
 */
record TargetTable(String name, List<String> columns) {

    /** A table name: one or two plain identifiers, PostgreSQL folding them to lower case as it does unquoted. */
    private static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_$]*(\\.[A-Za-z_][A-Za-z0-9_$]*)?");

    TargetTable {
        columns = List.copyOf(columns);
    }

    /** Checks the table's name as an option. */
    static String checkName(String table) {
        if (table == null || table.isBlank()) {
            throw new InvalidOptionException("table", "Option 'table' is required: the table to write, "
                    + "as 'name' or 'schema.name'");
        }
        String trimmed = table.trim();
        if (!NAME.matcher(trimmed).matches()) {
            throw new InvalidOptionException("table", "Invalid table '" + table + "': a table is 'name' or "
                    + "'schema.name', each of letters, digits, '_' and '$', not starting with a digit");
        }
        return trimmed;
    }

    static String quote(String identifier) {
        return "\"" + identifier.replace("\"", "\"\"") + "\"";
    }

    /**
     * The table {@code name} checked against {@code output}, created first when {@code create} and
     * it does not exist; {@code keys} are the unique columns of an upsert (empty: none).
     */
    static TargetTable open(Connection connection, String name, TableColumns output, List<TableColumns.Column> keys,
                            boolean create) throws SQLException {
        boolean exists;
        try (PreparedStatement find = connection.prepareStatement("SELECT to_regclass(?) IS NOT NULL")) {
            find.setString(1, name);
            try (ResultSet result = find.executeQuery()) {
                result.next();
                exists = result.getBoolean(1);
            }
        }
        if (!exists && !create) {
            throw mismatch(name, "Table " + name + " does not exist. Create it, or set the option "
                    + "createTable to true to create it from the query's columns");
        }
        if (!exists) {
            create(connection, name, output, keys);
        }
        return check(connection, name, output, keys);
    }

    /**
     * Creates the table as Spark's writer would (quoted names, its dialect's types, NOT NULL for a
     * column that holds no NULL), with the keys of an upsert as its primary key; a key that may
     * be NULL (a category no catalogue row matched) makes it a {@code UNIQUE NULLS NOT DISTINCT}
     * constraint instead on PostgreSQL 15, under which the NULL key is one key.
     */
    private static void create(Connection connection, String name, TableColumns output,
                               List<TableColumns.Column> keys) throws SQLException {
        boolean nullableKeys = keys.stream().anyMatch(output::nullable)
                && connection.getMetaData().getDatabaseMajorVersion() >= 15;
        List<String> definitions = new ArrayList<>();
        for (TableColumns.Column column : output.all()) {
            boolean notNull = !output.nullable(column) || keys.contains(column) && !nullableKeys;
            definitions.add(quote(column.name()) + " " + PostgresTypes.ddl(column.type()) + (notNull ? " NOT NULL" : ""));
        }
        if (!keys.isEmpty()) {
            definitions.add((nullableKeys ? "UNIQUE NULLS NOT DISTINCT (" : "PRIMARY KEY (")
                    + keys.stream().map(key -> quote(key.name())).collect(Collectors.joining(", ")) + ")");
        }
        try (Statement statement = connection.createStatement()) {
            statement.execute("CREATE TABLE IF NOT EXISTS " + name + " (" + String.join(", ", definitions) + ")");
        }
        connection.commit();
    }

    /** The table's columns as the driver describes them: name, type name, nullable, with a default. */
    private record Existing(String name, String type, boolean nullable, boolean hasDefault) {
    }

    private static TargetTable check(Connection connection, String name, TableColumns output,
                                     List<TableColumns.Column> keys) throws SQLException {
        Map<String, Existing> existing = new LinkedHashMap<>();
        Set<String> withDefault = new HashSet<>();
        try (PreparedStatement defaults = connection.prepareStatement("SELECT attname FROM pg_attribute "
                + "WHERE attrelid = ?::regclass AND atthasdef AND attnum > 0 AND NOT attisdropped")) {
            defaults.setString(1, name);
            try (ResultSet result = defaults.executeQuery()) {
                while (result.next()) {
                    withDefault.add(result.getString(1));
                }
            }
        }
        try (Statement statement = connection.createStatement();
             ResultSet result = statement.executeQuery("SELECT * FROM " + name + " WHERE false")) {
            ResultSetMetaData meta = result.getMetaData();
            for (int c = 1; c <= meta.getColumnCount(); c++) {
                String column = meta.getColumnName(c);
                existing.put(column.toLowerCase(Locale.ROOT), new Existing(column, meta.getColumnTypeName(c),
                        meta.isNullable(c) != ResultSetMetaData.columnNoNulls, withDefault.contains(column)));
            }
        }
        connection.rollback();
        List<String> missing = new ArrayList<>();
        List<String> mismatched = new ArrayList<>();
        List<String> names = new ArrayList<>();
        Map<TableColumns.Column, Existing> matched = new HashMap<>();
        for (TableColumns.Column column : output.all()) {
            Existing found = existing.remove(column.name().toLowerCase(Locale.ROOT));
            if (found == null) {
                missing.add(column.name() + " " + PostgresTypes.ddl(column.type()));
                continue;
            }
            matched.put(column, found);
            names.add(quote(found.name()));
            List<String> accepted = PostgresTypes.accepted(column.type());
            if (!accepted.contains(found.type())) {
                mismatched.add(found.name() + " is " + found.type() + ", the query's " + column.name() + " is "
                        + column.type().simpleString() + " (" + PostgresTypes.ddl(column.type()) + ")");
            }
        }
        if (!missing.isEmpty()) {
            throw mismatch(name, "Table " + name + " has no column for " + missing.size() + " of the query's: "
                    + String.join(", ", missing) + ". Add them, or select only the table's columns");
        }
        if (!mismatched.isEmpty()) {
            throw new InvalidOptionException(JdbcErrors.TYPE_MISMATCH, "table", "[" + JdbcErrors.TYPE_MISMATCH
                    + "] Columns of table " + name + " cannot hold the query's values: "
                    + String.join("; ", mismatched) + ". Cast the query's columns, or change the table's types");
        }
        List<String> required = existing.values().stream().filter(rest -> !rest.nullable() && !rest.hasDefault())
                .map(Existing::name).toList();
        if (!required.isEmpty()) {
            throw mismatch(name, "Table " + name + " has NOT NULL columns without a default that the query does "
                    + "not fill: " + String.join(", ", required));
        }
        if (!keys.isEmpty()) {
            checkUniqueIndex(connection, name, keys, matched);
        }
        return new TargetTable(name, names);
    }

    /** An index that makes the keys unique, NULL keys included. */
    private static void checkUniqueIndex(Connection connection, String name, List<TableColumns.Column> keys,
                                         Map<TableColumns.Column, Existing> matched) throws SQLException {
        Set<String> wanted = keys.stream().map(key -> matched.get(key).name()).collect(Collectors.toSet());
        boolean nullKeysOnce = keys.stream().noneMatch(key -> matched.get(key).nullable());
        boolean nullsNotDistinctKnown = connection.getMetaData().getDatabaseMajorVersion() >= 15;
        Map<Long, Set<String>> indexes = new HashMap<>();
        Map<Long, Boolean> nullsNotDistinct = new HashMap<>();
        try (PreparedStatement unique = connection.prepareStatement("SELECT i.indexrelid, a.attname, "
                + (nullsNotDistinctKnown ? "i.indnullsnotdistinct" : "false") + " FROM pg_index i JOIN pg_attribute a"
                + " ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey) WHERE i.indrelid = ?::regclass"
                + " AND i.indisunique AND i.indpred IS NULL AND i.indexprs IS NULL")) {
            unique.setString(1, name);
            try (ResultSet result = unique.executeQuery()) {
                while (result.next()) {
                    indexes.computeIfAbsent(result.getLong(1), id -> new HashSet<>()).add(result.getString(2));
                    nullsNotDistinct.put(result.getLong(1), result.getBoolean(3));
                }
            }
        }
        connection.rollback();
        List<Long> matching = indexes.entrySet().stream().filter(index -> index.getValue().equals(wanted))
                .map(Map.Entry::getKey).toList();
        String keyList = String.join(", ", keys.stream().map(key -> matched.get(key).name()).toList());
        if (matching.isEmpty()) {
            throw mismatch(name, "Table " + name + " has no unique index on the keys (" + keyList + "), which an "
                    + "upsert (INSERT ... ON CONFLICT) needs: ALTER TABLE " + name + " ADD PRIMARY KEY (" + keyList
                    + "), or give the table's unique columns as 'keys'");
        }
        if (!nullKeysOnce && matching.stream().noneMatch(nullsNotDistinct::get)) {
            throw mismatch(name, "The unique index of table " + name + " on (" + keyList + ") treats NULL keys as "
                    + "distinct, so a row with a NULL key would be inserted again instead of updated. Make the key "
                    + "columns NOT NULL (a primary key), or the index UNIQUE NULLS NOT DISTINCT (PostgreSQL 15)");
        }
    }

    private static InvalidOptionException mismatch(String table, String message) {
        return new InvalidOptionException(JdbcErrors.TABLE_MISMATCH, "table", "[" + JdbcErrors.TABLE_MISMATCH + "] "
                + message);
    }
}
