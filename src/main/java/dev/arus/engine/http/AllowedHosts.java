package dev.arus.engine.http;

import dev.arus.engine.streaming.InvalidOptionException;
import java.net.IDN;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The hosts an {@code http} sink may post to: the session's setting {@value #KEY}, a
 * comma-separated list of host names or addresses, {@code *.example.com} standing for every
 * subdomain of example.com. A service sets it (empty: no host), so that a spec cannot make it
 * call an address its operator did not allow; a session without the setting (a program of its
 * own using the engine) allows any host. Only {@code http} and {@code https} URLs are taken.
 */
final class AllowedHosts {

    static final String KEY = "arus.http-sink.allowed-hosts";
    static final String NOT_ALLOWED = "HTTP_SINK_HOST_NOT_ALLOWED";

    private final List<String> hosts;

    private AllowedHosts(List<String> hosts) {
        this.hosts = hosts;
    }

    /** The hosts of setting {@code setting}; {@code null} for any host. */
    static AllowedHosts of(String setting) {
        return new AllowedHosts(setting == null ? null : Arrays.stream(setting.split(","))
                .map(String::trim).filter(host -> !host.isEmpty())
                .map(host -> IDN.toASCII(host).toLowerCase(Locale.ROOT)).toList());
    }

    /**
     * The URL of option {@code url}, checked.
     *
     * @throws InvalidOptionException when it is missing, not an absolute http(s) URL, or its host is not allowed
     */
    URI check(String url) {
        if (url == null || url.isBlank()) {
            throw new InvalidOptionException("url", "Option 'url' is required: the http(s) URL to post to");
        }
        URI uri;
        try {
            uri = new URI(url.trim());
        } catch (URISyntaxException invalid) {
            throw new InvalidOptionException("url", "Invalid URL: " + invalid.getReason());
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https") || uri.getHost() == null) {
            throw new InvalidOptionException("url", "Option 'url' must be an absolute http or https URL with a host");
        }
        String host = IDN.toASCII(uri.getHost()).toLowerCase(Locale.ROOT);
        if (hosts != null && hosts.stream().noneMatch(allowed -> matches(allowed, host))) {
            throw new InvalidOptionException(NOT_ALLOWED, "url", "[" + NOT_ALLOWED + "] Host '" + host
                    + "' is not one the service may post to. Allowed: "
                    + (hosts.isEmpty() ? "none" : String.join(", ", hosts)) + " (" + KEY + ")");
        }
        return uri;
    }

    private static boolean matches(String allowed, String host) {
        if (allowed.startsWith("*.")) {
            return host.endsWith(allowed.substring(1));
        }
        String bare = host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
        return allowed.equals(host) || allowed.equals(bare);
    }
}
