package dev.arus.engine.source;

import dev.arus.engine.data.Schema;
import dev.arus.engine.streaming.ConnectTimeout;
import dev.arus.engine.streaming.QueryIdentity;
import dev.arus.engine.time.Clock;
import java.nio.file.Path;
import java.time.Duration;
import java.time.ZoneId;
import java.util.Map;

/**
 * What a provider needs to describe or create a source: the options as given (keys in any case),
 * the session's clock, and, when creating one
 * for a run, the run's query and the source's {@link Source#checkpointMetadata()} kept by an
 * earlier run of the same checkpointed query ({@code null} for a new query or one without a
 * checkpoint). A file source also gets the schema the user gave (Spark's
 * {@code DataStreamReader.schema}; {@code null}: none), its own directory in the checkpoint,
 * {@code sources/<n>} ({@code null} without a checkpoint), and the session's time zone. A source
 * that reaches a system outside the engine (Kafka's brokers) waits for it at most the session's
 * {@linkplain ConnectTimeout connect timeout} when it is created.
 */
public record SourceContext(Map<String, String> options, Clock clock, QueryIdentity query,
                            String checkpointMetadata, Schema userSchema, Path directory, ZoneId timeZone,
                            Duration connectTimeout) {

    public SourceContext {
        options = Map.copyOf(options);
        timeZone = timeZone == null ? ZoneId.of("UTC") : timeZone;
        connectTimeout = ConnectTimeout.check(connectTimeout);
    }

    /** A context with the {@linkplain ConnectTimeout#DEFAULT default connect timeout}. */
    public SourceContext(Map<String, String> options, Clock clock, QueryIdentity query,
                         String checkpointMetadata, Schema userSchema, Path directory, ZoneId timeZone) {
        this(options, clock, query, checkpointMetadata, userSchema, directory, timeZone,
                ConnectTimeout.DEFAULT);
    }

    /** A context without a user's schema, checkpoint directory or time zone (UTC). */
    public SourceContext(Map<String, String> options, Clock clock, QueryIdentity query,
                         String checkpointMetadata) {
        this(options, clock, query, checkpointMetadata, null, null, null);
    }

    /** The context of a schema request: no query, no checkpoint. */
    public static SourceContext describing(Map<String, String> options, Clock clock) {
        return new SourceContext(options, clock, null, null);
    }

    /** The context of a schema request with the user's schema ({@code null}: none). */
    public static SourceContext describing(Map<String, String> options, Schema userSchema, Clock clock,
                                           ZoneId timeZone) {
        return new SourceContext(options, clock, null, null, userSchema, null, timeZone);
    }
}
