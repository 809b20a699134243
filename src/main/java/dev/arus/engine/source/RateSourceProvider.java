package dev.arus.engine.source;

import dev.arus.engine.data.Schema;
import java.util.List;

/** The {@code rate} format: {@link RateSource}. */
public final class RateSourceProvider implements SourceProvider {

    @Override
    public String format() {
        return RateSource.FORMAT;
    }

    @Override
    public List<String> options() {
        return RateOptions.NAMES;
    }

    @Override
    public Schema schema(SourceContext context) {
        RateSource.checkRampUp(RateOptions.parse(context.options()));
        return RateSource.SCHEMA;
    }

    /** A restarted run counts its seconds from the creation time its checkpoint kept. */
    @Override
    public Source create(SourceContext context) {
        RateOptions options = RateOptions.parse(context.options());
        if (context.checkpointMetadata() == null) {
            return new RateSource(options, context.clock());
        }
        long creationTimeMs;
        try {
            creationTimeMs = Long.parseLong(context.checkpointMetadata().trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + context.checkpointMetadata() + "' is not a time in ms");
        }
        return new RateSource(options, context.clock(), creationTimeMs);
    }
}
