package dev.arus.engine.jdbc;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.arus.engine.sink.SinkContext;
import dev.arus.engine.streaming.InvalidOptionException;
import java.time.Duration;
import java.util.Locale;

/**
 * A database connection as the service's configuration names it: the spec says only its name
 * ({@code "connection": "shop"}), the session's configuration holds
 * {@code arus.jdbc.connections.<name>.url}, {@code .user} and {@code .password}, so that no
 * credential is ever in a spec, a saved definition or an answer of the API. The password is never
 * in {@link #toString()}.
 */
record JdbcConnection(String name, String url, String user, String password) {

    /** Where the session's configuration keeps the connections. */
    static final String PREFIX = "arus.jdbc.connections.";

    /**
     * The connection the option {@code connection} names.
     *
     * @throws InvalidOptionException when the option is missing or names no configured connection
     */
    static JdbcConnection named(SinkContext context) {
        String name = context.option("connection");
        if (name == null || name.isBlank()) {
            throw new InvalidOptionException("connection", "Option 'connection' is required: the name of a "
                    + "database connection of the service's configuration (" + PREFIX + "<name>.url, .user, "
                    + ".password)");
        }
        String key = PREFIX + name.trim().toLowerCase(Locale.ROOT) + ".";
        String url = context.conf(key + "url");
        if (url == null || url.isBlank()) {
            throw new InvalidOptionException(JdbcErrors.CONNECTION_NOT_CONFIGURED, "connection", "["
                    + JdbcErrors.CONNECTION_NOT_CONFIGURED + "] No database connection '" + name.trim()
                    + "' is configured: the service needs " + key + "url (and .user, .password) in its "
                    + "configuration or environment");
        }
        if (!url.startsWith("jdbc:postgresql:")) {
            throw new InvalidOptionException(JdbcErrors.CONNECTION_NOT_CONFIGURED, "connection", "["
                    + JdbcErrors.CONNECTION_NOT_CONFIGURED + "] Connection '" + name.trim() + "' is not a PostgreSQL "
                    + "URL (jdbc:postgresql://host:port/database): the jdbc sink writes PostgreSQL for now");
        }
        return new JdbcConnection(name.trim(), url, context.conf(key + "user"), context.conf(key + "password"));
    }

    /**
     * A pool of at most two connections (a batch holds one), none opened yet, each waiting at most
     * {@code connectTimeout} for the database, not committing by itself.
     */
    HikariDataSource pool(String poolName, Duration connectTimeout) {
        HikariConfig config = new HikariConfig();
        config.setPoolName(poolName);
        config.setJdbcUrl(url);
        config.setUsername(user);
        config.setPassword(password);
        config.setAutoCommit(false);
        config.setMaximumPoolSize(2);
        config.setMinimumIdle(0);
        config.setConnectionTimeout(Math.max(250, connectTimeout.toMillis()));
        config.setValidationTimeout(Math.max(250, Math.min(connectTimeout.toMillis(), 5_000)));
        config.setInitializationFailTimeout(-1);
        config.addDataSourceProperty("ApplicationName", "arus");
        config.addDataSourceProperty("connectTimeout", Long.toString(Math.max(1, connectTimeout.toSeconds())));
        return new HikariDataSource(config);
    }

    @Override
    public String toString() {
        return "connection " + name;
    }
}
