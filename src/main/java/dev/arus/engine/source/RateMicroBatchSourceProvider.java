package dev.arus.engine.source;

import dev.arus.engine.data.Schema;
import java.util.List;

/** The {@code rate-micro-batch} format: {@link RateMicroBatchSource}. */
public final class RateMicroBatchSourceProvider implements SourceProvider {

    @Override
    public String format() {
        return RateMicroBatchSource.FORMAT;
    }

    @Override
    public List<String> options() {
        return RateMicroBatchOptions.NAMES;
    }

    @Override
    public Schema schema(SourceContext context) {
        RateMicroBatchOptions.parse(context.options());
        return RateMicroBatchSource.SCHEMA;
    }

    @Override
    public Source create(SourceContext context) {
        return new RateMicroBatchSource(RateMicroBatchOptions.parse(context.options()));
    }
}
