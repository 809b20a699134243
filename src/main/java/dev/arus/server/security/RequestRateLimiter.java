package dev.arus.server.security;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.arus.server.ProblemWriter;
import io.github.bucket4j.Bucket;
import io.github.bucket4j.ConsumptionProbe;
import io.github.bucket4j.TimeMeter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import java.util.regex.Pattern;
import org.springframework.http.HttpHeaders;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Limits one kind of request per client address with a token bucket (Bucket4j): a client's
 * budget is {@code perMinute} requests of that kind, refilled evenly over a minute; a request
 * beyond it gets {@code 429} with {@code Retry-After} (whole seconds until the next one is
 * allowed). It runs before authentication, so it also slows down guessing of the token. At most
 * {@code maxClients} buckets are kept (a Caffeine cache, whose admission policy favours the
 * clients seen often): a forgotten client starts again with a full bucket, which is the harmless
 * direction to err in. Thread-safe.
 */
final class RequestRateLimiter extends OncePerRequestFilter {

    private static final Set<String> READS = Set.of("GET", "HEAD", "OPTIONS", "TRACE");
    private static final Pattern EVENTS = Pattern.compile("/api/streams/[^/]+/events/?");

    /** A kind of request with a budget of its own; no request is of two kinds. */
    enum Limited {
        /** Requests that change something: any method but GET, HEAD, OPTIONS and TRACE, but for posts of events. */
        CHANGES("requests that change something", "arus.limits.mutating-requests-per-minute"),
        /** Posts of events to a stream: a checkout makes one per order, so they have a budget of their own. */
        INGESTION("posts of events", "arus.limits.ingest-requests-per-minute"),
        /** WebSocket handshakes: each opens a live session, whose snapshot and queue cost the service. */
        LIVE_HANDSHAKES("WebSocket handshakes", "arus.limits.live-handshakes-per-minute");

        private final String description;
        private final String property;

        Limited(String description, String property) {
            this.description = description;
            this.property = property;
        }

        boolean includes(HttpServletRequest request) {
            return switch (this) {
                case CHANGES -> !READS.contains(request.getMethod()) && !INGESTION.includes(request);
                case INGESTION -> request.getMethod().equals("POST") && EVENTS.matcher(request.getRequestURI()).matches();
                case LIVE_HANDSHAKES -> request.getMethod().equals("GET")
                        && "websocket".equalsIgnoreCase(request.getHeader(HttpHeaders.UPGRADE));
            };
        }
    }

    private final Limited limited;
    private final int perMinute;
    private final TimeMeter clock;
    private final Cache<String, Bucket> buckets;

    RequestRateLimiter(Limited limited, int perMinute, int maxClients, LongSupplier nanoTime) {
        if (perMinute < 1 || maxClients < 1) {
            throw new IllegalArgumentException(limited.property + " and arus.limits.rate-limited-clients must be "
                    + "at least 1, were " + perMinute + " and " + maxClients);
        }
        this.limited = limited;
        this.perMinute = perMinute;
        this.clock = new TimeMeter() {
            @Override
            public long currentTimeNanos() {
                return nanoTime.getAsLong();
            }

            @Override
            public boolean isWallClockBased() {
                return false;
            }
        };
        this.buckets = Caffeine.newBuilder().maximumSize(maxClients).executor(Runnable::run).build();
    }

    /** One per kind, since the service runs a limiter per kind as one filter class. */
    @Override
    protected String getAlreadyFilteredAttributeName() {
        return super.getAlreadyFilteredAttributeName() + "." + limited;
    }

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        return !limited.includes(request);
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        long waitNanos = take(request.getRemoteAddr());
        if (waitNanos == 0) {
            chain.doFilter(request, response);
            return;
        }
        long retryAfter = Math.max(1, TimeUnit.NANOSECONDS.toSeconds(waitNanos + TimeUnit.SECONDS.toNanos(1) - 1));
        response.setHeader(HttpHeaders.RETRY_AFTER, Long.toString(retryAfter));
        ProblemWriter.write(response, 429, "too-many-requests", "Too many requests",
                "More than " + perMinute + " " + limited.description + " per minute from this address ("
                        + limited.property + "); retry after " + retryAfter + " s",
                request.getRequestURI(), Map.of("limit", perMinute, "retryAfterSeconds", retryAfter));
    }

    /** Takes one request from {@code client}'s bucket: 0 when allowed, else the nanoseconds until one is. */
    long take(String client) {
        ConsumptionProbe probe = buckets.get(client, key -> newBucket()).tryConsumeAndReturnRemaining(1);
        return probe.isConsumed() ? 0 : probe.getNanosToWaitForRefill();
    }

    /** The number of clients whose buckets are kept. */
    long clients() {
        buckets.cleanUp();
        return buckets.estimatedSize();
    }

    private Bucket newBucket() {
        return Bucket.builder()
                .addLimit(limit -> limit.capacity(perMinute).refillGreedy(perMinute, Duration.ofMinutes(1)))
                .withCustomTimePrecision(clock).build();
    }
}
