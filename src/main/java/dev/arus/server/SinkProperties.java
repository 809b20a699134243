package dev.arus.server;

import java.net.IDN;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.boot.context.properties.bind.Name;

/**
 * What the sinks that reach other systems may reach, from the service's configuration, never
 * from a spec: the database connections a {@code jdbc} sink names
 * ({@code arus.jdbc.connections.<name>.url}, {@code .user}, {@code .password}; each also from the
 * environment, {@code ARUS_JDBC_CONNECTIONS_SHOP_PASSWORD}), and the hosts an {@code http} sink
 * may post to ({@code arus.http-sink.allowed-hosts}; none by default, so that no spec can make the
 * service call an address its operator did not allow). Handed to the engine as its session's
 * configuration, where the sinks read them; the API shows none of it.
 *
 * @param jdbc     {@code arus.jdbc.*}
 * @param httpSink {@code arus.http-sink.*}
 */
@ConfigurationProperties("arus")
public record SinkProperties(@DefaultValue Jdbc jdbc, @Name("http-sink") @DefaultValue HttpSink httpSink) {

    /** @param connections by name, in lower case */
    public record Jdbc(Map<String, Connection> connections) {
        public Jdbc {
            Map<String, Connection> named = new LinkedHashMap<>();
            if (connections != null) {
                connections.forEach((name, connection) -> {
                    if (connection == null || connection.url() == null || connection.url().isBlank()) {
                        throw new IllegalArgumentException("arus.jdbc.connections." + name + ".url is required");
                    }
                    named.put(name.toLowerCase(Locale.ROOT), connection);
                });
            }
            connections = Map.copyOf(named);
        }
    }

    /** A database: its JDBC URL ({@code jdbc:postgresql://host:5432/shop}), user and password. */
    public record Connection(String url, String user, String password) {
        @Override
        public String toString() {
            return "Connection[url=" + url + ", user=" + user + "]";
        }
    }

    /**
     * @param allowedHosts host names (in any case) or addresses an {@code http} sink may post to;
     *                     {@code *.example.com} allows every subdomain of example.com
     */
    public record HttpSink(@DefaultValue List<String> allowedHosts) {
        public HttpSink {
            allowedHosts = allowedHosts.stream().map(String::trim).filter(host -> !host.isEmpty())
                    .map(host -> IDN.toASCII(host).toLowerCase(Locale.ROOT)).toList();
        }
    }

    /** The settings as the engine's session configuration holds them: the keys the sinks read. */
    public Map<String, String> sessionConf() {
        Map<String, String> conf = new LinkedHashMap<>();
        jdbc.connections().forEach((name, connection) -> {
            conf.put("arus.jdbc.connections." + name + ".url", connection.url());
            if (connection.user() != null) {
                conf.put("arus.jdbc.connections." + name + ".user", connection.user());
            }
            if (connection.password() != null) {
                conf.put("arus.jdbc.connections." + name + ".password", connection.password());
            }
        });
        conf.put("arus.http-sink.allowed-hosts", String.join(",", httpSink.allowedHosts()));
        return conf;
    }
}
