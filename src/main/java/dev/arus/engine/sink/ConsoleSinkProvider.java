package dev.arus.engine.sink;

import java.io.PrintStream;
import java.util.List;

/**
 * The {@code console} format: {@link ConsoleSink}, printing to the session's console, which the
 * session binds into its own provider ({@link SinkProviders#with}); the provider on the class
 * path prints to standard output.
 */
public final class ConsoleSinkProvider implements SinkProvider {

    private final PrintStream console;

    /** The provider {@link java.util.ServiceLoader} finds, printing to standard output. */
    public ConsoleSinkProvider() {
        this(System.out);
    }

    /** The provider of a session whose console is {@code console}. */
    public ConsoleSinkProvider(PrintStream console) {
        this.console = console;
    }

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
        return new ConsoleSink(context.options(), context.timeZone(), console);
    }
}
