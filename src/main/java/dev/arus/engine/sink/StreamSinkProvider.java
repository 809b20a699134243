package dev.arus.engine.sink;

import dev.arus.engine.log.EventLog;
import dev.arus.engine.streaming.ArusException;
import dev.arus.engine.streaming.InvalidOptionException;
import java.util.List;

/**
 * The {@code stream} format: a {@link StreamSink} into the stream named by the option
 * {@code stream}. The query's id is the producer of its batches when it keeps a checkpoint. The
 * log is this provider's own, bound by the session ({@link SinkProviders#with}), not a field of
 * every sink's context; the provider on the class path has none and refuses to write.
 */
public final class StreamSinkProvider implements SinkProvider {

    private final EventLog log;

    /** The provider {@link java.util.ServiceLoader} finds: it knows the format, and has no log to write. */
    public StreamSinkProvider() {
        this(null);
    }

    /** The provider of a session whose event log is {@code log} ({@code null}: none). */
    public StreamSinkProvider(EventLog log) {
        this.log = log;
    }

    @Override
    public String format() {
        return "stream";
    }

    @Override
    public List<String> options() {
        return List.of("stream");
    }

    @Override
    public Sink create(SinkContext context) {
        String name = context.option("stream");
        if (name == null || name.isBlank()) {
            throw new InvalidOptionException("stream", "Option 'stream' is required: the name of the stream to write");
        }
        if (log == null) {
            throw new ArusException("EVENT_LOG_UNAVAILABLE", "[EVENT_LOG_UNAVAILABLE] The session has no event log "
                    + "to write stream '" + name + "' to: build it with eventLog(..)");
        }
        String label = context.query().name() != null ? context.query().name() : context.query().id().toString();
        return new StreamSink(log.stream(name.trim()), context.schema(),
                context.checkpointed() ? context.query().id() : null, label);
    }
}
