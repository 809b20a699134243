package dev.arus.engine.source;

import dev.arus.engine.log.EventLog;
import dev.arus.engine.streaming.QueryIdentity;
import dev.arus.engine.time.Clock;
import java.util.Map;

/**
 * What a provider needs to describe or create a source: the options as given (keys in any case),
 * the session's clock and event log (null when the session has none), and, when creating one
 * for a run, the run's query and the source's {@link Source#checkpointMetadata()} kept by an
 * earlier run of the same checkpointed query ({@code null} for a new query or one without a
 * checkpoint).
 */
public record SourceContext(Map<String, String> options, Clock clock, EventLog eventLog, QueryIdentity query,
                            String checkpointMetadata) {

    public SourceContext {
        options = Map.copyOf(options);
    }

    /** The context of a schema request: no query, no checkpoint. */
    public static SourceContext describing(Map<String, String> options, Clock clock, EventLog eventLog) {
        return new SourceContext(options, clock, eventLog, null, null);
    }
}
