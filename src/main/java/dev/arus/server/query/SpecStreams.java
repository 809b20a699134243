package dev.arus.server.query;

import dev.arus.server.query.QuerySpec.SourceSpec;
import dev.arus.server.web.JsonPointer;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.jspecify.annotations.Nullable;

/**
 * The walk over what a spec reads, as it was written, before any engine resolves it: its source,
 * then depth first the stream or static table each of its steps reads besides its input
 * ({@link Step#with()}, a join's other side), in the order an engine numbers their sources; then
 * the {@code tables} of a spec in SQL. What reads a spec's sources (its locations, its
 * endpoints) or rewrites their options goes through here, so that a step that nests a stream is
 * followed in one place.
 */
final class SpecStreams {

    private SpecStreams() {
    }

    /** What a walk meets, each with the JSON pointer of its options. */
    interface Visitor {

        /** A stream's source of {@code format}, whose {@code options} are at {@code optionsPointer}. */
        void source(String format, @Nullable Map<String, Object> options, String optionsPointer);

        /** A static table, a join's or a spec's in SQL, whose {@code options} are at {@code optionsPointer}. */
        default void table(@Nullable Map<String, Object> options, String optionsPointer) {
        }
    }

    /** Walks {@code spec}'s stream and joined streams and tables, then its {@code tables}, telling {@code visitor}. */
    static void walk(QuerySpec spec, Visitor visitor) {
        walk(spec.source(), spec.steps(), "", visitor);
        if (spec.tables() == null) {
            return;
        }
        spec.tables().forEach((name, table) -> {
            String at = JsonPointer.of("tables", name, "options");
            if (table == null) {
                return;
            }
            if (Boolean.TRUE.equals(table.isStatic())) {
                visitor.table(table.options(), at);
            } else {
                visitor.source(table.format(), table.options(), at);
            }
        });
    }

    /** Walks the stream of {@code source} through {@code steps}, both under {@code base}. */
    private static void walk(@Nullable SourceSpec source, @Nullable List<Step> steps, String base, Visitor visitor) {
        if (source != null) {
            visitor.source(source.format(), source.options(), base + "/source/options");
        }
        for (int i = 0; steps != null && i < steps.size(); i++) {
            Step step = steps.get(i);
            Step.JoinWith with = step == null ? null : step.with();
            if (with == null) {
                continue;
            }
            String at = JsonPointer.append(base + "/steps", i, step.key(), "with");
            if (with.table() != null) {
                visitor.table(with.table().options(), at + "/static/options");
            }
            walk(with.source(), with.steps(), at, visitor);
        }
    }

    /** {@code steps} with the source of each stream they read, at any depth, changed by {@code change}. */
    static @Nullable List<Step> withSources(@Nullable List<Step> steps, UnaryOperator<SourceSpec> change) {
        if (steps == null) {
            return null;
        }
        return steps.stream().map(step -> {
            Step.JoinWith with = step == null ? null : step.with();
            return with == null || with.source() == null ? step
                    : step.reading(new Step.JoinWith(with.table(), change.apply(with.source()),
                            withSources(with.steps(), change)));
        }).toList();
    }
}
