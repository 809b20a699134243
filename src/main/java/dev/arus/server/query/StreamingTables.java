package dev.arus.server.query;

/**
 * The event-log streams that queries in SQL fill as streaming tables ({@code CREATE STREAMING
 * TABLE name AS SELECT ...}, DESIGN §11): before a run of such a query starts, its table's
 * stream is made unless it exists with the query's columns; a stream made for a start that was
 * refused is removed again, so that a refused spec leaves no stream. The event-log feature
 * implements it; the query feature never reaches the log itself. Thread-safe.
 */
public interface StreamingTables {

    /**
     * Makes the stream {@code name} with {@code columns} (DDL, as the engine defines a table's
     * stream), with the service's default partitions and retention, unless it exists with those
     * columns.
     *
     * @return whether the stream was made now, and is the caller's to {@link #remove} if the
     *         query it was made for does not start
     * @throws dev.arus.server.web.ProblemException {@code stream-schema-mismatch} when the stream
     *         exists with other columns (naming each difference), {@code stream-damaged}, or
     *         {@code event-log-write-failed} when the log cannot make it
     */
    boolean ensure(String name, String columns);

    /**
     * Removes the stream {@link #ensure} made for a query that did not start; a stream some query
     * uses meanwhile is left, with a warning in the log.
     */
    void remove(String name);
}
