package dev.arus.server.query;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * A step of a spec resolved: its fields present and not blank, its defaults filled in, and the
 * JSON pointer of its key kept as {@code pointer} for what an engine refuses. It is what every
 * engine takes; each applies it through its {@link FrameBuilder}, so that a step an engine does
 * not build is a compile error in that engine, not a case a switch forgets.
 */
public sealed interface ResolvedStep {

    /** The frame {@code builder} makes of {@code frame} through this step. */
    <F> F applyTo(F frame, FrameBuilder<F> builder);

    /**
     * The output's grouping columns after this step, its input's being {@code before}, as far as
     * the spec's text tells them ({@link ResolvedStream#groupingColumns}): none known after a step
     * that may rename or drop them.
     */
    default List<String> groupingColumnsAfter(List<String> before) {
        return List.of();
    }

    /** Adds (or replaces) the column {@code name} computed by the expression {@code expr}. */
    record WithColumn(String name, String expr, String pointer) implements ResolvedStep {
        @Override
        public <F> F applyTo(F frame, FrameBuilder<F> builder) {
            return builder.withColumn(frame, this);
        }
    }

    /** Keeps the rows for which {@code condition} holds. */
    record Filter(String condition, String pointer) implements ResolvedStep {
        @Override
        public <F> F applyTo(F frame, FrameBuilder<F> builder) {
            return builder.filter(frame, this);
        }

        /** A filter keeps the columns, and so the keys. */
        @Override
        public List<String> groupingColumnsAfter(List<String> before) {
            return before;
        }
    }

    /** Keeps the columns named {@code columns}. */
    record Select(List<String> columns, String pointer) implements ResolvedStep {
        @Override
        public <F> F applyTo(F frame, FrameBuilder<F> builder) {
            return builder.select(frame, this);
        }
    }

    /** Computes {@code expressions} as the columns. */
    record SelectExpr(List<String> expressions, String pointer) implements ResolvedStep {
        @Override
        public <F> F applyTo(F frame, FrameBuilder<F> builder) {
            return builder.selectExpr(frame, this);
        }
    }

    /** Names the frame {@code name}, for a join's condition. */
    record Alias(String name, String pointer) implements ResolvedStep {
        @Override
        public <F> F applyTo(F frame, FrameBuilder<F> builder) {
            return builder.alias(frame, this);
        }
    }

    /** Drops rows whose {@code columns} (every column when empty) were seen before. */
    record DropDuplicates(List<String> columns, String pointer) implements ResolvedStep {
        @Override
        public <F> F applyTo(F frame, FrameBuilder<F> builder) {
            return builder.dropDuplicates(frame, this);
        }
    }

    /** Drops duplicates of {@code columns} (every column when empty) while the watermark keeps the first. */
    record DropDuplicatesWithinWatermark(List<String> columns, String pointer) implements ResolvedStep {
        @Override
        public <F> F applyTo(F frame, FrameBuilder<F> builder) {
            return builder.dropDuplicatesWithinWatermark(frame, this);
        }
    }

    /** The event-time {@code column} and its {@code delay}, an interval as the spec wrote it. */
    record WithWatermark(String column, String delay, String pointer) implements ResolvedStep {
        @Override
        public <F> F applyTo(F frame, FrameBuilder<F> builder) {
            return builder.withWatermark(frame, this);
        }
    }

    /** No more than {@code count} rows over the whole query. */
    record Limit(int count, String pointer) implements ResolvedStep {
        @Override
        public <F> F applyTo(F frame, FrameBuilder<F> builder) {
            return builder.limit(frame, this);
        }
    }

    /** Groups by the expressions {@code keys} (none: one group) and computes {@code aggregations}, at least one. */
    record GroupBy(List<String> keys, List<String> aggregations, String pointer) implements ResolvedStep {

        private static final Pattern ALIAS = Pattern.compile("(?is).*\\s+AS\\s+`?(\\w+)`?");

        @Override
        public <F> F applyTo(F frame, FrameBuilder<F> builder) {
            return builder.groupBy(frame, this);
        }

        /**
         * The output columns of the keys, as Spark names them: a window's {@code window} (or
         * {@code session_window}), a column's own name, an alias after {@code AS}; none known when
         * a key is another expression.
         */
        @Override
        public List<String> groupingColumnsAfter(List<String> before) {
            List<String> names = new ArrayList<>();
            for (String key : keys) {
                String text = key.trim();
                Matcher alias = ALIAS.matcher(text);
                if (alias.matches()) {
                    names.add(alias.group(1));
                } else if (text.toLowerCase(Locale.ROOT).startsWith("window(")) {
                    names.add("window");
                } else if (text.toLowerCase(Locale.ROOT).startsWith("session_window(")) {
                    names.add("session_window");
                } else if (text.matches("`?\\w+`?")) {
                    names.add(text.replace("`", ""));
                } else {
                    return List.of();
                }
            }
            return names;
        }
    }

    /**
     * A join with {@code other}: {@code using} names columns both sides have, else
     * {@code condition} is the join's condition, else (both null) it is a cross join; {@code how}
     * is Spark's join type as the spec spelled it, {@code inner} when it gave none.
     */
    record Join(JoinOther other, @Nullable List<String> using, @Nullable String condition, String how,
                String pointer) implements ResolvedStep {
        @Override
        public <F> F applyTo(F frame, FrameBuilder<F> builder) {
            return builder.join(frame, this);
        }

        /** The pointer of the join's {@code on}. */
        public String onPointer() {
            return pointer + "/on";
        }

        /** The pointer of the join's {@code how}. */
        public String howPointer() {
            return pointer + "/how";
        }

        /** Whether the join has neither columns nor a condition. */
        public boolean isCross() {
            return using == null && condition == null;
        }
    }

    /**
     * The other side of a join: a {@code stream}, resolved as a query's own, or else a static
     * {@code table} at {@code tablePointer}.
     */
    record JoinOther(@Nullable ResolvedStream stream, Step.@Nullable StaticTable table, String tablePointer) {
    }
}
