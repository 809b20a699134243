package dev.arus.engine.sink;

import java.util.List;

/** The {@code noop} format: {@link NoopSink}. */
public final class NoopSinkProvider implements SinkProvider {

    @Override
    public String format() {
        return "noop";
    }

    @Override
    public List<String> options() {
        return List.of();
    }

    @Override
    public Sink create(SinkContext context) {
        return new NoopSink();
    }
}
