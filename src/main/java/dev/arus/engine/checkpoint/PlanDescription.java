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

    /**
     * The first part that differs from {@code other}, as a sentence followed by the rule of
     * Spark's "Recovery Semantics after Changes in a Streaming Query" it breaks; {@code null} when
     * none does.
     */
    String firstDifference(PlanDescription checkpointed) {
        for (Map.Entry<String, String> part : parts.entrySet()) {
            String before = checkpointed.parts().get(part.getKey());
            if (!part.getValue().equals(before)) {
                return "its " + part.getKey() + " differs: the checkpoint has '" + before + "', this query has '"
                        + part.getValue() + "'. " + ruleOf(part.getKey());
            }
        }
        return null;
    }

    /** Why a change of {@code part} is refused, in the words of Spark's rules on changes between restarts. */
    private static String ruleOf(String part) {
        if (part.startsWith("source")) {
            return "Spark does not allow a change in the number or type of input sources between restarts from the "
                    + "same checkpoint, and a change in their options only where the source allows it (a rate limit, "
                    + "not the topics or files read).";
        }
        return switch (part) {
            case "watermark", "aggregation" -> "Spark does not allow changes in stateful operations between restarts "
                    + "from the same checkpoint (an aggregation's keys, windows or aggregates, a deduplication's "
                    + "columns, a join's type or condition, the watermarks their state is kept by): the state "
                    + "checkpointed would be misread.";
            case "outputMode" -> "The state a stateful query keeps, and what its sink already holds, depend on the "
                    + "output mode.";
            case "outputSchema" -> "Spark allows a change of projection that changes the output schema only where "
                    + "the sink accepts the new schema; Arus refuses it for every sink.";
            default -> "";
        };
    }
}
