package dev.arus.server.spark;

import dev.arus.server.query.FrameBuilder;
import dev.arus.server.query.QuerySpec.SourceSpec;
import dev.arus.server.query.ResolvedStep;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The grouping columns of a Spark query's output, as far as its steps tell them: the output
 * columns of the last {@code groupBy}'s keys, as Spark names them (a window's {@code window} or
 * {@code session_window}, a column's own name, an alias after {@code AS}), kept through the
 * filters after it. Empty when a key is another expression, or a step after the aggregation may
 * rename them (an upsert then needs the {@code keys} option). A stream's "frame" here is its
 * grouping columns so far: what an Arus sink upserts by where Spark's plan is not seen.
 */
final class SparkGroupingColumns implements FrameBuilder<List<String>> {

    private static final Pattern ALIAS = Pattern.compile("(?is).*\\s+AS\\s+`?(\\w+)`?");

    @Override
    public List<String> source(SourceSpec source, String pointer) {
        return List.of();
    }

    @Override
    public List<String> groupBy(List<String> frame, ResolvedStep.GroupBy step) {
        List<String> names = new ArrayList<>();
        for (String key : step.keys()) {
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

    /** A filter keeps the columns, and so the keys. */
    @Override
    public List<String> filter(List<String> frame, ResolvedStep.Filter step) {
        return frame;
    }

    @Override
    public List<String> withColumn(List<String> frame, ResolvedStep.WithColumn step) {
        return List.of();
    }

    @Override
    public List<String> select(List<String> frame, ResolvedStep.Select step) {
        return List.of();
    }

    @Override
    public List<String> selectExpr(List<String> frame, ResolvedStep.SelectExpr step) {
        return List.of();
    }

    @Override
    public List<String> alias(List<String> frame, ResolvedStep.Alias step) {
        return List.of();
    }

    @Override
    public List<String> dropDuplicates(List<String> frame, ResolvedStep.DropDuplicates step) {
        return List.of();
    }

    @Override
    public List<String> dropDuplicatesWithinWatermark(List<String> frame,
                                                      ResolvedStep.DropDuplicatesWithinWatermark step) {
        return List.of();
    }

    @Override
    public List<String> withWatermark(List<String> frame, ResolvedStep.WithWatermark step) {
        return List.of();
    }

    @Override
    public List<String> limit(List<String> frame, ResolvedStep.Limit step) {
        return List.of();
    }

    @Override
    public List<String> join(List<String> frame, ResolvedStep.Join step) {
        return List.of();
    }
}
