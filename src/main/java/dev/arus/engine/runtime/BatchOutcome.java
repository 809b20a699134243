package dev.arus.engine.runtime;

import dev.arus.engine.streaming.StreamingQueryProgress;

/** What one trigger did: ran a batch (with its progress) or found nothing to do. */
public sealed interface BatchOutcome {

    record Ran(StreamingQueryProgress progress) implements BatchOutcome {
    }

    record Idle() implements BatchOutcome {
    }
}
