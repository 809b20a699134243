package dev.arus.server.security;

import dev.arus.server.ProblemWriter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import org.springframework.http.HttpHeaders;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Limits the requests that change something (any method but GET, HEAD, OPTIONS and TRACE) per
 * client address with a token bucket: a client's budget is {@code perMinute} requests, refilled
 * evenly over a minute; a request beyond it gets {@code 429} with {@code Retry-After} (whole
 * seconds until the next request is allowed). It runs before authentication, so it also slows
 * down guessing of the token. At most {@code maxClients} buckets are kept, the least recently
 * used forgotten first: a forgotten client starts again with a full bucket, which is the
 * harmless direction to err in. Thread-safe.
 */
final class MutatingRequestRateLimiter extends OncePerRequestFilter {

    private static final Set<String> READS = Set.of("GET", "HEAD", "OPTIONS", "TRACE");
    private static final long NANOS_PER_MINUTE = TimeUnit.MINUTES.toNanos(1);

    private final int perMinute;
    private final LongSupplier nanoTime;
    private final Map<String, Bucket> buckets;

    MutatingRequestRateLimiter(int perMinute, int maxClients, LongSupplier nanoTime) {
        if (perMinute < 1 || maxClients < 1) {
            throw new IllegalArgumentException("arus.limits.mutating-requests-per-minute and "
                    + "arus.limits.rate-limited-clients must be at least 1, were " + perMinute + " and " + maxClients);
        }
        this.perMinute = perMinute;
        this.nanoTime = nanoTime;
        this.buckets = new LinkedHashMap<>(256, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, Bucket> eldest) {
                return size() > maxClients;
            }
        };
    }

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        return READS.contains(request.getMethod());
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
                "More than " + perMinute + " requests that change something per minute from this address "
                        + "(arus.limits.mutating-requests-per-minute); retry after " + retryAfter + " s",
                request.getRequestURI(), Map.of("limit", perMinute, "retryAfterSeconds", retryAfter));
    }

    /** Takes one request from {@code client}'s bucket: 0 when allowed, else the nanoseconds until one is. */
    long take(String client) {
        long now = nanoTime.getAsLong();
        synchronized (buckets) {
            Bucket bucket = buckets.computeIfAbsent(client, key -> new Bucket(perMinute * NANOS_PER_MINUTE, now));
            return bucket.take(now, perMinute);
        }
    }

    /**
     * Tokens kept in units of nanoseconds-per-minute fractions: one request costs
     * {@link #NANOS_PER_MINUTE}, and every elapsed nanosecond adds {@code perMinute} units.
     */
    private static final class Bucket {

        private long units;
        private long updatedAt;

        Bucket(long units, long now) {
            this.units = units;
            this.updatedAt = now;
        }

        long take(long now, int perMinute) {
            long capacity = perMinute * NANOS_PER_MINUTE;
            long elapsed = Math.max(0, now - updatedAt);
            units = elapsed >= NANOS_PER_MINUTE ? capacity : Math.min(capacity, units + elapsed * perMinute);
            updatedAt = now;
            if (units >= NANOS_PER_MINUTE) {
                units -= NANOS_PER_MINUTE;
                return 0;
            }
            return (NANOS_PER_MINUTE - units + perMinute - 1) / perMinute;
        }
    }
}
