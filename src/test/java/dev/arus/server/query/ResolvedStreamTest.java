package dev.arus.server.query;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.arus.server.query.QuerySpec.SourceSpec;
import dev.arus.server.web.ProblemException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ResolvedStreamTest {

    private static final SourceSpec RATE = new SourceSpec("rate", Map.of("rowsPerSecond", 1), null);
    private static final SourceSpec OTHER = new SourceSpec("rate-micro-batch", Map.of(), null);

    @Test
    void keepsEachStepAtThePointerOfItsKeyWithItsDefaultsFilledIn() {
        ResolvedStream stream = ResolvedStream.of(RATE, List.of(
                new Step.WithColumn("doubled", "value * 2"),
                new Step.DropDuplicates(null),
                new Step.GroupBy(null, List.of("count(*) AS count"))), "");

        assertThat(stream.sourcePointer()).isEqualTo("/source");
        assertThat(stream.steps()).containsExactly(
                new ResolvedStep.WithColumn("doubled", "value * 2", "/steps/0/withColumn"),
                new ResolvedStep.DropDuplicates(List.of(), "/steps/1/dropDuplicates"),
                new ResolvedStep.GroupBy(List.of(), List.of("count(*) AS count"), "/steps/2/groupBy"));
    }

    @Test
    void resolvesAJoinedStreamUnderTheJoinsWith() {
        ResolvedStream stream = ResolvedStream.of(RATE, List.of(new Step.Join(
                new Step.JoinWith(null, OTHER, List.of(new Step.Alias("right"))), List.of("value"), null)), "");

        ResolvedStep.Join join = (ResolvedStep.Join) stream.steps().get(0);
        assertThat(join.how()).isEqualTo("inner");
        assertThat(join.using()).containsExactly("value");
        assertThat(join.isCross()).isFalse();
        assertThat(join.other().stream()).isEqualTo(new ResolvedStream(OTHER, "/steps/0/join/with/source",
                List.of(new ResolvedStep.Alias("right", "/steps/0/join/with/steps/0/alias"))));
    }

    @Test
    void refusesAMissingFieldAtItsPointer() {
        assertThatThrownBy(() -> ResolvedStream.of(RATE, List.of(new Step.Filter("value > 0"),
                new Step.WithWatermark("event_time", " ")), ""))
                .isInstanceOfSatisfying(ProblemException.class, problem ->
                        assertThat(problem.properties()).containsEntry("pointer", "/steps/1/withWatermark/delay"));
    }

    @Test
    void refusesAGroupByWithoutAggregations() {
        assertThatThrownBy(() -> ResolvedStream.of(RATE, List.of(new Step.GroupBy(List.of("value"), List.of())), ""))
                .isInstanceOfSatisfying(ProblemException.class, problem ->
                        assertThat(problem.properties()).containsEntry("pointer", "/steps/0/groupBy/aggregations"));
    }

    @Test
    void refusesAJoinOnSomethingOtherThanNamesOrACondition() {
        assertThatThrownBy(() -> ResolvedStream.of(RATE, List.of(new Step.Join(
                new Step.JoinWith(null, OTHER, null), List.of(1, 2), null)), ""))
                .isInstanceOfSatisfying(ProblemException.class, problem ->
                        assertThat(problem.properties()).containsEntry("pointer", "/steps/0/join/on"));
    }

    @Test
    void buildsTheSourceThenEachStepInOrder() {
        List<String> built = new ArrayList<>();
        ResolvedStream stream = ResolvedStream.of(RATE, List.of(new Step.Filter("value > 0"), new Step.Limit(3)), "");

        String frame = stream.build(new Recording(built));

        assertThat(frame).isEqualTo("rate|filter value > 0|limit 3");
        assertThat(built).containsExactly("/source", "/steps/0/filter", "/steps/1/limit");
    }

    /** A builder whose frame is the text of what it applied, noting each pointer it was given. */
    private record Recording(List<String> built) implements FrameBuilder<String> {
        @Override
        public String source(SourceSpec source, String pointer) {
            built.add(pointer);
            return source.format();
        }

        @Override
        public String withColumn(String frame, ResolvedStep.WithColumn step) {
            return noted(step.pointer(), frame + "|withColumn " + step.name());
        }

        @Override
        public String filter(String frame, ResolvedStep.Filter step) {
            return noted(step.pointer(), frame + "|filter " + step.condition());
        }

        @Override
        public String select(String frame, ResolvedStep.Select step) {
            return noted(step.pointer(), frame + "|select " + step.columns());
        }

        @Override
        public String selectExpr(String frame, ResolvedStep.SelectExpr step) {
            return noted(step.pointer(), frame + "|selectExpr " + step.expressions());
        }

        @Override
        public String alias(String frame, ResolvedStep.Alias step) {
            return noted(step.pointer(), frame + "|alias " + step.name());
        }

        @Override
        public String dropDuplicates(String frame, ResolvedStep.DropDuplicates step) {
            return noted(step.pointer(), frame + "|dropDuplicates " + step.columns());
        }

        @Override
        public String dropDuplicatesWithinWatermark(String frame, ResolvedStep.DropDuplicatesWithinWatermark step) {
            return noted(step.pointer(), frame + "|dropDuplicatesWithinWatermark " + step.columns());
        }

        @Override
        public String withWatermark(String frame, ResolvedStep.WithWatermark step) {
            return noted(step.pointer(), frame + "|withWatermark " + step.column());
        }

        @Override
        public String limit(String frame, ResolvedStep.Limit step) {
            return noted(step.pointer(), frame + "|limit " + step.count());
        }

        @Override
        public String groupBy(String frame, ResolvedStep.GroupBy step) {
            return noted(step.pointer(), frame + "|groupBy " + step.keys());
        }

        @Override
        public String join(String frame, ResolvedStep.Join step) {
            return noted(step.pointer(), frame + "|join");
        }

        private String noted(String pointer, String frame) {
            built.add(pointer);
            return frame;
        }
    }

    @Test
    void theGroupingColumnsAreTheLastGroupBysKeysAsSparkNamesThemKeptThroughFiltersOnly() {
        Step groupBy = new Step.GroupBy(List.of("window(timestamp, '1 minute')", "`category`", "value % 3 AS shift",
                "session_window(timestamp, '5 minutes')"), List.of("count(*) AS n"));

        assertThat(ResolvedStream.of(RATE, List.of(groupBy, new Step.Filter("n > 1")), "").groupingColumns())
                .containsExactly("window", "category", "shift", "session_window");
        assertThat(ResolvedStream.of(RATE, List.of(groupBy, new Step.Select(List.of("window", "n"))), "")
                .groupingColumns()).isEmpty();
        assertThat(ResolvedStream.of(RATE, List.of(new Step.GroupBy(List.of("value % 3"), List.of("count(*) AS n"))),
                "").groupingColumns()).isEmpty();
        assertThat(ResolvedStream.of(RATE, List.of(new Step.Filter("value > 0")), "").groupingColumns()).isEmpty();
    }
}
