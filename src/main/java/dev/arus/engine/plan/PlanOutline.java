package dev.arus.engine.plan;

import java.util.ArrayList;
import java.util.List;

/**
 * What a checkpoint depends on in a plan, besides its sources and its output: the watermarks and
 * the stateful operators, each as text, in the order they run: from the sources on, left before
 * right. Each stage adds its own ({@link Stage#describe}); filters and projections add nothing,
 * since they may change between runs, as in Spark.
 */
public final class PlanOutline {

    private final List<String> watermarks = new ArrayList<>();
    private final List<String> statefulOperators = new ArrayList<>();

    private PlanOutline() {
    }

    /** The outline of {@code plan}, resolved; throws what resolving it throws. */
    public static PlanOutline of(LogicalPlan plan) {
        PlanOutline outline = new PlanOutline();
        outline.describe(plan.resolve().stages());
        return outline;
    }

    /** Adds what the stages of {@code chain} add, from its start on. */
    void describe(List<Stage> chain) {
        chain.forEach(stage -> stage.describe(this));
    }

    /** A watermark: its column and delay. */
    void watermark(String description) {
        watermarks.add(description);
    }

    /** A stateful operator: what its state is keyed and made of. */
    void statefulOperator(String description) {
        statefulOperators.add(description);
    }

    public List<String> watermarks() {
        return List.copyOf(watermarks);
    }

    public List<String> statefulOperators() {
        return List.copyOf(statefulOperators);
    }
}
