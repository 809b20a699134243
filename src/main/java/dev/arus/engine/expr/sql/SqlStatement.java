package dev.arus.engine.expr.sql;

import java.util.List;

/**
 * One Spark SQL statement as {@link SqlParser} reads it, before any name is looked up: a query,
 * or Spark Declarative Pipelines' {@code CREATE STREAMING TABLE name AS query}. Positions are
 * 0-based offsets into the statement's text.
 */
public sealed interface SqlStatement {

    /** The query this statement runs. */
    SqlQuery query();

    /** {@code SELECT ...}, {@code WITH ... SELECT ...}: a query whose rows are the statement's result. */
    record Query(SqlQuery query) implements SqlStatement {
    }

    /**
     * {@code CREATE STREAMING TABLE [IF NOT EXISTS] name AS query}: the table {@code name}
     * (its parts, as written, the first at {@code namePosition}), filled by the query's rows.
     */
    record CreateStreamingTable(List<String> name, boolean ifNotExists, SqlQuery query, int position,
                                int namePosition) implements SqlStatement {
        public CreateStreamingTable {
            name = List.copyOf(name);
        }
    }
}
