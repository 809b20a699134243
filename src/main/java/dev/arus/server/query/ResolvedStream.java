package dev.arus.server.query;

import static dev.arus.server.query.SpecFields.required;

import dev.arus.server.query.QuerySpec.SourceSpec;
import dev.arus.server.web.JsonPointer;
import java.util.ArrayList;
import java.util.List;

/**
 * A spec's stream resolved once for every engine: its {@code source}, at {@code sourcePointer},
 * through its {@code steps}, each {@linkplain Step#resolve resolved}. An engine builds it with
 * its own {@link FrameBuilder}: the source first, then each step in order, so that the sources of
 * the streams its joins read are read depth first, in the order the engine numbers them.
 */
public record ResolvedStream(SourceSpec source, String sourcePointer, List<ResolvedStep> steps) {

    public ResolvedStream {
        steps = List.copyOf(steps);
    }

    /**
     * The stream of {@code source} through {@code steps}, both under {@code base} in the spec.
     *
     * @throws dev.arus.server.web.ProblemException at the first field that is missing or blank
     */
    public static ResolvedStream of(SourceSpec source, List<Step> steps, String base) {
        String sourcePointer = base + "/source";
        required(source, sourcePointer);
        List<Step> chain = steps == null ? List.of() : steps;
        List<ResolvedStep> resolved = new ArrayList<>();
        for (int i = 0; i < chain.size(); i++) {
            String at = JsonPointer.append(base + "/steps", i);
            Step step = required(chain.get(i), at);
            resolved.add(step.resolve(JsonPointer.append(at, step.key())));
        }
        return new ResolvedStream(source, sourcePointer, resolved);
    }

    /** The frame {@code builder} makes of this stream: its source through each step in order. */
    public <F> F build(FrameBuilder<F> builder) {
        F frame = builder.source(source, sourcePointer);
        for (ResolvedStep step : steps) {
            frame = step.applyTo(frame, builder);
        }
        return frame;
    }

    /**
     * The output columns of this stream's last {@code groupBy} keys as far as its steps tell them,
     * for an engine whose plan Arus does not see: kept through the filters after it, none known
     * when a key is another expression or a step after the aggregation may rename them (an
     * upsert then needs the {@code keys} option).
     */
    public List<String> groupingColumns() {
        List<String> columns = List.of();
        for (ResolvedStep step : steps) {
            columns = step.groupingColumnsAfter(columns);
        }
        return columns;
    }
}
