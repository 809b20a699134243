package dev.arus.server.live;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.net.http.WebSocketHandshakeException;
import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A real WebSocket client of {@code /ws/queries/{id}} that reads every message as soon as it comes, as JSON, and
 * notes the wall-clock time at which its last frame arrived. Once the connection has ended, asking for the next
 * message fails at once with how it ended (the server's close, or the client's failure, such as a malformed frame)
 * instead of after the deadline.
 */
public final class LiveClient implements AutoCloseable {

    public static final Duration DEADLINE = Duration.ofSeconds(20);
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final BlockingQueue<Arrival> arrivals = new LinkedBlockingQueue<>();
    private final CompletableFuture<Closing> closed = new CompletableFuture<>();
    private final WebSocket socket;

    private LiveClient(int port, String queryId, String origin) {
        WebSocket.Builder builder = HttpClient.newHttpClient().newWebSocketBuilder();
        if (origin != null) {
            builder.header("Origin", origin);
        }
        socket = builder.buildAsync(URI.create("ws://localhost:" + port + "/ws/queries/" + queryId), new Reader())
                .orTimeout(DEADLINE.toSeconds(), TimeUnit.SECONDS).join();
    }

    public static LiveClient connect(int port, String queryId) {
        return new LiveClient(port, queryId, null);
    }

    static LiveClient connect(int port, String queryId, String origin) {
        return new LiveClient(port, queryId, origin);
    }

    /** The HTTP status of a handshake the server refuses; fails when it accepts it. */
    static int refusedHandshakeStatus(int port, String queryId, String origin) {
        return refusedHandshake(port, queryId, origin).statusCode();
    }

    /** The HTTP response to a handshake the server refuses; fails when it accepts it. */
    static HttpResponse<?> refusedHandshake(int port, String queryId, String origin) {
        try (LiveClient accepted = new LiveClient(port, queryId, origin)) {
            throw new AssertionError("the handshake for " + queryId + " from " + origin + " was accepted");
        } catch (CompletionException failed) {
            for (Throwable cause = failed; cause != null; cause = cause.getCause()) {
                if (cause instanceof WebSocketHandshakeException refused) {
                    return refused.getResponse();
                }
            }
            throw failed;
        }
    }

    /** The next message; fails when none comes before the deadline. */
    public JsonNode next() {
        return nextReceived().message();
    }

    /** The next message with its arrival time; fails when none comes before the deadline. */
    Received nextReceived() {
        try {
            Arrival arrival = arrivals.poll(DEADLINE.toMillis(), TimeUnit.MILLISECONDS);
            assertThat(arrival).as("a message within %s", DEADLINE).isNotNull();
            if (arrival instanceof Ended ended) {
                arrivals.add(ended); // for any later call
                throw new AssertionError("the connection ended before the next message: " + ended.how());
            }
            return (Received) arrival;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Skips messages up to the first that {@code wanted} accepts, and returns it. */
    public JsonNode nextMatching(Predicate<JsonNode> wanted) {
        JsonNode message = next();
        while (!wanted.test(message)) {
            message = next();
        }
        return message;
    }

    /** How the server closed the session; fails when it does not within the deadline. */
    Closing closing() {
        return closed.orTimeout(DEADLINE.toSeconds(), TimeUnit.SECONDS).join();
    }

    @Override
    public void close() {
        socket.abort();
    }

    public static Predicate<JsonNode> ofType(String type) {
        return message -> message.path("type").asString().equals(type);
    }

    record Closing(int statusCode, String reason) {
    }

    /** What the reader hands over, in the order it came: messages, then at most one end. */
    private sealed interface Arrival permits Received, Ended {
    }

    /** A message and when its last frame arrived, in milliseconds since the epoch. */
    record Received(JsonNode message, long atMillis) implements Arrival {
    }

    private record Ended(String how) implements Arrival {
    }

    private final class Reader implements WebSocket.Listener {

        private final StringBuilder text = new StringBuilder();

        @Override
        public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
            text.append(data);
            if (last) {
                long at = System.currentTimeMillis();
                arrivals.add(new Received(JSON.readTree(text.toString()), at));
                text.setLength(0);
            }
            webSocket.request(1);
            return null;
        }

        @Override
        public CompletionStage<?> onClose(WebSocket webSocket, int statusCode, String reason) {
            closed.complete(new Closing(statusCode, reason));
            arrivals.add(new Ended("closed by the server with " + statusCode + " " + reason));
            return null;
        }

        @Override
        public void onError(WebSocket webSocket, Throwable error) {
            closed.completeExceptionally(error);
            arrivals.add(new Ended("failed with " + error
                    + (error.getCause() == null ? "" : ", caused by " + error.getCause())));
        }
    }
}
