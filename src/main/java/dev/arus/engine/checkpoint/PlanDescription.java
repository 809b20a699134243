package dev.arus.engine.checkpoint;

import dev.arus.engine.data.Schema;
import dev.arus.engine.plan.LogicalPlan;
import dev.arus.engine.plan.PlanOutline;
import dev.arus.engine.source.SourceProviders;
import dev.arus.engine.streaming.OptionNames;
import dev.arus.engine.streaming.OutputMode;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The parts of a query that its checkpoint depends on, each as text: each source (format and
 * options, but for those its provider lets change between runs), the watermarks, the stateful
 * operators in the order they run (an aggregation's keys, windows and aggregates; a
 * deduplication's columns; a join's type and condition), the output mode and the output schema. Filters and projections may
 * change between runs, as in Spark; these may not, since offsets, state and output written by one
 * would be misread by the other.
 */
public record PlanDescription(Map<String, String> parts) {

    public PlanDescription {
        parts = Collections.unmodifiableMap(new LinkedHashMap<>(parts));
    }

    public static PlanDescription of(LogicalPlan plan, OutputMode mode, Schema output) {
        Map<String, String> parts = new LinkedHashMap<>();
        List<LogicalPlan.StreamSource> sources = plan.streamSources();
        for (int i = 0; i < sources.size(); i++) {
            parts.put(i == 0 ? "source" : "source " + i, describe(sources.get(i)));
        }
        PlanOutline outline = PlanOutline.of(plan);
        List<String> watermarks = outline.watermarks();
        List<String> stateful = outline.statefulOperators();
        parts.put("watermark", watermarks.isEmpty() ? "none" : String.join(", ", watermarks));
        parts.put("aggregation", stateful.isEmpty() ? "none" : String.join(" then ", stateful));
        parts.put("outputMode", mode.toString().toLowerCase(Locale.ROOT));
        parts.put("outputSchema", output.toString());
        return new PlanDescription(parts);
    }

    private static String describe(LogicalPlan.StreamSource source) {
        List<String> changeable = List.copyOf(SourceProviders.installed().of(source.format()).changeableOptions());
        Map<String, String> options = new TreeMap<>();
        source.options().forEach((k, v) -> {
            if (OptionNames.match(changeable, k) == null) {
                options.put(k.toLowerCase(Locale.ROOT), v);
            }
        });
        return source.format().trim().toLowerCase(Locale.ROOT) + " " + options;
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
