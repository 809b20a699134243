package dev.arus.engine.sink;

import dev.arus.engine.log.EventLog;
import dev.arus.engine.streaming.ArusException;
import dev.arus.engine.streaming.InvalidOptionException;
import java.util.List;

/**
 * The {@code stream} format: a {@link StreamSink} into the stream named by the option
 * {@code stream}. The query's id is the producer of its batches when it keeps a checkpoint.
 */
public final class StreamSinkProvider implements SinkProvider {

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
        EventLog log = context.eventLog();
        if (log == null) {
            throw new ArusException("EVENT_LOG_UNAVAILABLE", "[EVENT_LOG_UNAVAILABLE] The session has no event log "
                    + "to write stream '" + name + "' to: build it with eventLog(..)");
        }
        String label = context.query().name() != null ? context.query().name() : context.query().id().toString();
        return new StreamSink(log.stream(name.trim()), context.schema(),
                context.checkpointed() ? context.query().id() : null, label);
    }
}
