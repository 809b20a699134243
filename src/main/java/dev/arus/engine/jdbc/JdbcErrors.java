package dev.arus.engine.jdbc;

import dev.arus.engine.streaming.ArusException;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;

/**
 * The error classes of the {@code jdbc} sink, and the reading of a database's failure as one of
 * them, by its SQLSTATE class (PostgreSQL's appendix A), never by its message:
 * <ul>
 * <li>{@value #UNREACHABLE}: no connection (class 08, a pool that could not get one in time), or
 * a database that cannot take the batch now (53 insufficient resources, 57 operator
 * intervention such as a shutdown, 40 a transaction rolled back); it may pass, so a restart
 * strategy restarts it;</li>
 * <li>{@value #CONSTRAINT_VIOLATED}: the rows break a constraint of the table (class 23), or
 * repeat a key within one batch of upserts (21000);</li>
 * <li>{@value #TYPE_MISMATCH}: a value the column cannot hold (class 22, 42804), or at start an
 * existing column of another type;</li>
 * <li>{@value #AUTHENTICATION_FAILED}: the database refused the configured user or password (28);</li>
 * <li>{@value #WRITE_FAILED}: any other refusal (a permission, a dropped table).</li>
 * </ul>
 */
final class JdbcErrors {

    static final String UNREACHABLE = "JDBC_SINK_UNREACHABLE";
    static final String CONSTRAINT_VIOLATED = "JDBC_SINK_CONSTRAINT_VIOLATED";
    static final String TYPE_MISMATCH = "JDBC_SINK_TYPE_MISMATCH";
    static final String WRITE_FAILED = "JDBC_SINK_WRITE_FAILED";
    /** The database refused the connection's user or password (class 28). */
    static final String AUTHENTICATION_FAILED = "JDBC_SINK_AUTHENTICATION_FAILED";
    /** The table lacks an output column, a key's unique index, or is not there. */
    static final String TABLE_MISMATCH = "JDBC_SINK_TABLE_MISMATCH";
    /** An output column of a type with no PostgreSQL counterpart. */
    static final String UNSUPPORTED_TYPE = "JDBC_SINK_UNSUPPORTED_TYPE";
    /** The spec names a connection the service's configuration does not have. */
    static final String CONNECTION_NOT_CONFIGURED = "JDBC_SINK_CONNECTION_NOT_CONFIGURED";

    private JdbcErrors() {
    }

    /** The class of {@code failure}. */
    static String classOf(SQLException failure) {
        // the pool's timeout carries the database's own refusal, a wrong password say, as its cause
        if (failure.getCause() instanceof SQLException cause && cause.getSQLState() != null) {
            return classOf(cause);
        }
        if (failure instanceof SQLTransientConnectionException) {
            return UNREACHABLE;
        }
        String state = failure.getSQLState();
        if (state == null || state.length() < 2) {
            return WRITE_FAILED;
        }
        return switch (state.substring(0, 2)) {
            case "08", "53", "57", "40" -> UNREACHABLE;
            case "23" -> CONSTRAINT_VIOLATED;
            case "28" -> AUTHENTICATION_FAILED;
            case "21" -> state.equals("21000") ? CONSTRAINT_VIOLATED : WRITE_FAILED;
            case "22" -> TYPE_MISMATCH;
            default -> state.equals("42804") ? TYPE_MISMATCH : WRITE_FAILED;
        };
    }

    /** {@code failure} while doing {@code what}, as the sink's error: its class, SQLSTATE and the database's words. */
    static ArusException of(SQLException failure, String what) {
        String errorClass = classOf(failure);
        String hint = "21000".equals(failure.getSQLState())
                ? " The query's rows repeat a key within one batch: give 'keys' that identify an output row." : "";
        return new ArusException(errorClass, "[" + errorClass + "] Cannot " + what + ": " + message(failure)
                + (failure.getSQLState() == null ? "" : " (SQLSTATE " + failure.getSQLState() + ")") + hint, failure);
    }

    private static String message(SQLException failure) {
        String message = failure.getMessage();
        return message == null ? failure.getClass().getSimpleName() : message.strip();
    }
}
