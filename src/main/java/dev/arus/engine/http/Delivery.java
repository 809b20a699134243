package dev.arus.engine.http;

import dev.arus.engine.streaming.ArusException;
import dev.arus.engine.time.Clock;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * One POST of a JSON body, delivered or given up on. Steps:
 * <ol>
 * <li>send it with its {@code Idempotency-Key}, waiting at most the request timeout;</li>
 * <li>a 2xx answer: delivered;</li>
 * <li>a 5xx or 429 answer, a timeout, a refused or reset connection: wait (100 ms, doubled after
 * each attempt up to 5 s, never past the deadline) and send it again with the same key;</li>
 * <li>any other answer (4xx): the receiver refuses the body, {@value #REJECTED}, no retry;</li>
 * <li>the batch's deadline passed: {@value #UNAVAILABLE}, which the restart strategy restarts.</li>
 * </ol>
 * A receiver that keeps the key sees a retried request once; one that does not may see it twice:
 * the http sink is at least once.
 */
final class Delivery {

    static final String UNAVAILABLE = "HTTP_SINK_UNAVAILABLE";
    static final String REJECTED = "HTTP_SINK_REJECTED";
    static final String IDEMPOTENCY_KEY = "Idempotency-Key";

    private static final long FIRST_BACKOFF_MS = 100;
    private static final long MAX_BACKOFF_MS = 5_000;

    private final HttpClient client;
    private final URI url;
    private final String shownUrl;
    private final Duration requestTimeout;
    private final Clock clock;
    private long attempts;

    Delivery(HttpClient client, URI url, String shownUrl, Duration requestTimeout, Clock clock) {
        this.client = client;
        this.url = url;
        this.shownUrl = shownUrl;
        this.requestTimeout = requestTimeout;
        this.clock = clock;
    }

    /** Requests sent so far, retries included. */
    long attempts() {
        return attempts;
    }

    /** Delivers {@code body} by {@code deadlineNanos} (the clock's {@code nanoTime}), or throws. */
    void post(String body, String key, long deadlineNanos) {
        HttpRequest request = HttpRequest.newBuilder(url).timeout(requestTimeout)
                .header("Content-Type", "application/json")
                .header(IDEMPOTENCY_KEY, key)
                .POST(HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8))
                .build();
        long backoffMs = FIRST_BACKOFF_MS;
        String lastFailure;
        while (true) {
            attempts++;
            try {
                HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString());
                int status = response.statusCode();
                if (status >= 200 && status < 300) {
                    return;
                }
                if (status < 500 && status != 429) {
                    throw new ArusException(REJECTED, "[" + REJECTED + "] " + shownUrl + " answered " + status
                            + " to the request of " + key + ": " + excerpt(response.body()));
                }
                lastFailure = "answered " + status;
            } catch (IOException failed) {
                lastFailure = failed.getClass().getSimpleName()
                        + (failed.getMessage() == null ? "" : ": " + failed.getMessage());
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
                throw new ArusException(UNAVAILABLE, "[" + UNAVAILABLE + "] Interrupted while posting " + key
                        + " to " + shownUrl, interrupted);
            }
            long leftMs = TimeUnit.NANOSECONDS.toMillis(deadlineNanos - clock.nanoTime());
            if (leftMs <= 0) {
                throw new ArusException(UNAVAILABLE, "[" + UNAVAILABLE + "] " + shownUrl + " did not take the "
                        + "request of " + key + " within the batch's time, after " + attempts + " attempts in all; "
                        + "last: " + lastFailure);
            }
            try {
                Thread.sleep(Math.min(backoffMs, leftMs));
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
                throw new ArusException(UNAVAILABLE, "[" + UNAVAILABLE + "] Interrupted while waiting to post " + key
                        + " to " + shownUrl + " again", interrupted);
            }
            backoffMs = Math.min(MAX_BACKOFF_MS, backoffMs * 2);
        }
    }

    private static String excerpt(String body) {
        String text = body == null ? "" : body.strip();
        return text.length() > 200 ? text.substring(0, 200) + "..." : text;
    }
}
