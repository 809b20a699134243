package dev.arus.engine.source;

import dev.arus.engine.data.Schema;
import dev.arus.engine.log.EventLog;
import dev.arus.engine.log.LogStream;
import dev.arus.engine.streaming.ArusException;
import java.util.List;
import java.util.Set;

/**
 * The {@code stream} format: {@link StreamSource}, over a stream of the session's event log. The
 * log is this provider's own, bound by the session ({@link SourceProviders#with}), not a field of
 * every source's context; the provider on the class path has none and refuses to read.
 */
public final class StreamSourceProvider implements SourceProvider {

    private final EventLog log;

    /** The provider {@link java.util.ServiceLoader} finds: it knows the format, and has no log to read. */
    public StreamSourceProvider() {
        this(null);
    }

    /** The provider of a session whose event log is {@code log} ({@code null}: none). */
    public StreamSourceProvider(EventLog log) {
        this.log = log;
    }

    @Override
    public String format() {
        return StreamSource.FORMAT;
    }

    @Override
    public List<String> options() {
        return StreamSourceOptions.NAMES;
    }

    /** Where a new query starts, how much a batch reads and what data loss does; never which stream. */
    @Override
    public Set<String> changeableOptions() {
        return Set.of(StreamSourceOptions.STARTING_OFFSETS, StreamSourceOptions.MAX_OFFSETS_PER_TRIGGER,
                StreamSourceOptions.FAIL_ON_DATA_LOSS);
    }

    @Override
    public Schema schema(SourceContext context) {
        return stream(context, StreamSourceOptions.parse(context.options())).readSchema();
    }

    @Override
    public Source create(SourceContext context) {
        StreamSourceOptions options = StreamSourceOptions.parse(context.options());
        String label = context.query().name() != null ? context.query().name() : context.query().id().toString();
        return new StreamSource(stream(context, options), options, context.checkpointMetadata(), label);
    }

    /**
     * @throws ArusException {@code EVENT_LOG_UNAVAILABLE} without an event log, or {@code STREAM_NOT_FOUND}
     */
    private LogStream stream(SourceContext context, StreamSourceOptions options) {
        if (log == null) {
            throw new ArusException("EVENT_LOG_UNAVAILABLE", "[EVENT_LOG_UNAVAILABLE] The session has no event log "
                    + "to read stream '" + options.stream() + "' from: build it with eventLog(..)");
        }
        return log.stream(options.stream());
    }
}
