package dev.arus.engine.source;

import dev.arus.engine.time.Clock;
import java.util.Map;

/**
 * What a provider needs to create a source for one run: the options as given (keys in any case),
 * the session's clock, and the source's {@link Source#checkpointMetadata()} kept by an earlier run
 * of the same checkpointed query ({@code null} for a new query or one without a checkpoint).
 */
public record SourceContext(Map<String, String> options, Clock clock, String checkpointMetadata) {

    public SourceContext {
        options = Map.copyOf(options);
    }
}
