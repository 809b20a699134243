package dev.arus.engine.sink;

import java.util.List;

/** The {@code console} format: {@link ConsoleSink}, printing to the session's console. */
public final class ConsoleSinkProvider implements SinkProvider {

    @Override
    public String format() {
        return "console";
    }

    @Override
    public List<String> options() {
        return ConsoleSink.OPTIONS;
    }

    @Override
    public Sink create(SinkContext context) {
        return new ConsoleSink(context.options(), context.timeZone(), context.console());
    }
}
