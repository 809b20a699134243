package dev.arus.engine.checkpoint;

import dev.arus.engine.data.Schema;
import dev.arus.engine.plan.LogicalPlan;
import dev.arus.engine.source.SourceProviders;
import dev.arus.engine.streaming.OutputMode;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * The parts of a query that its checkpoint depends on, each as text: the source (format and
 * options, but for those its provider lets change between runs), the watermark, the stateful
 * operators in the order they run (an aggregation's keys, windows and aggregates; a
 * deduplication's columns), the output mode and the output schema. Filters and projections may
 * change between runs, as in Spark; these may not, since offsets, state and output written by one
 * would be misread by the other.
 */
public record PlanDescription(Map<String, String> parts) {

    public PlanDescription {
        parts = Collections.unmodifiableMap(new LinkedHashMap<>(parts));
    }

    public static PlanDescription of(LogicalPlan plan, OutputMode mode, Schema output) {
        Map<String, String> parts = new LinkedHashMap<>();
        LogicalPlan.StreamSource source = plan.streamSource();
        Set<String> changeable = SourceProviders.installed().of(source.format()).changeableOptions().stream()
                .map(name -> name.toLowerCase(Locale.ROOT)).collect(Collectors.toSet());
        Map<String, String> options = new TreeMap<>();
        source.options().forEach((k, v) -> {
            if (!changeable.contains(k.toLowerCase(Locale.ROOT))) {
                options.put(k.toLowerCase(Locale.ROOT), v);
            }
        });
        parts.put("source", source.format().trim().toLowerCase(Locale.ROOT) + " " + options);
        String watermark = "none";
        List<String> aggregations = new ArrayList<>();
        for (LogicalPlan node = plan; !(node instanceof LogicalPlan.StreamSource); ) {
            if (node instanceof LogicalPlan.Watermark w) {
                watermark = w.column() + " delayed by " + w.delayMicros() / 1000 + " ms";
                node = w.child();
            } else if (node instanceof LogicalPlan.Aggregate a) {
                aggregations.add(0, "groupBy(" + String.join(", ", a.keys().stream().map(e -> e.sql()).toList())
                        + ").agg(" + String.join(", ", a.aggregates().stream().map(e -> e.sql()).toList()) + ")");
                node = a.child();
            } else if (node instanceof LogicalPlan.Deduplicate d) {
                aggregations.add(0, (d.withinWatermark() ? "dropDuplicatesWithinWatermark(" : "dropDuplicates(")
                        + String.join(", ", d.columns()) + ")");
                node = d.child();
            } else {
                node = ((LogicalPlan.Unary) node).child();
            }
        }
        parts.put("watermark", watermark);
        parts.put("aggregation", aggregations.isEmpty() ? "none" : String.join(" then ", aggregations));
        parts.put("outputMode", mode.toString().toLowerCase(Locale.ROOT));
        parts.put("outputSchema", output.toString());
        return new PlanDescription(parts);
    }

    /** The first part that differs from {@code other}, as a sentence; {@code null} when none does. */
    String firstDifference(PlanDescription checkpointed) {
        for (Map.Entry<String, String> part : parts.entrySet()) {
            String before = checkpointed.parts().get(part.getKey());
            if (!part.getValue().equals(before)) {
                return "its " + part.getKey() + " differs: the checkpoint has '" + before + "', this query has '"
                        + part.getValue() + "'";
            }
        }
        return null;
    }
}
