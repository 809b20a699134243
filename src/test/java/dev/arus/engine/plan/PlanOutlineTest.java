package dev.arus.engine.plan;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.Field;
import dev.arus.engine.data.Schema;
import dev.arus.engine.exec.join.JoinType;
import dev.arus.engine.expr.sql.ExpressionParser;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * What a checkpoint depends on in a plan, as its stages say it: the text is kept in the
 * checkpoint's metadata, so it must not change.
 */
class PlanOutlineTest {

    private static LogicalPlan stream(String key, String time) {
        return new LogicalPlan.StreamSource("rate", Map.of(), new Schema(List.of(
                new Field(key, AtomicType.LONG, false), new Field(time, AtomicType.TIMESTAMP, false))));
    }

    @Test
    void watermarksAndStatefulOperatorsComeFromTheSourcesOnLeftBeforeRight() {
        LogicalPlan left = new LogicalPlan.Deduplicate(
                new LogicalPlan.Watermark(stream("lk", "lt"), "lt", 1_000_000), List.of("lk", "lt"), false);
        LogicalPlan right = new LogicalPlan.Watermark(stream("rk", "rt"), "rt", 2_000_000);
        LogicalPlan joined = new LogicalPlan.StreamJoin(left, right, JoinType.INNER, null,
                ExpressionParser.parse("lk = rk"));
        LogicalPlan plan = new LogicalPlan.Aggregate(joined, List.of(ExpressionParser.parse("rk")),
                List.of(ExpressionParser.parse("count(*)")));

        PlanOutline outline = PlanOutline.of(plan);

        assertThat(outline.watermarks()).containsExactly("lt delayed by 1000 ms", "rt delayed by 2000 ms");
        assertThat(outline.statefulOperators()).containsExactly("dropDuplicates(lk, lt)",
                "join(Inner on (lk = rk))", "groupBy(rk).agg(count(1))");
    }

    @Test
    void filtersProjectionsAndStaticJoinsAddNothing() {
        LogicalPlan table = new LogicalPlan.SubqueryAlias(new LogicalPlan.StaticSource("csv", Map.of("path", "t"),
                new Schema(List.of(new Field("k", AtomicType.LONG, false)))), "t");
        LogicalPlan plan = new LogicalPlan.Project(new LogicalPlan.StaticJoin(
                new LogicalPlan.Filter(stream("k", "time"), ExpressionParser.parse("k > 1")), table,
                JoinType.INNER, List.of("k"), null), List.of(ExpressionParser.parse("k")));

        PlanOutline outline = PlanOutline.of(plan);

        assertThat(outline.watermarks()).isEmpty();
        assertThat(outline.statefulOperators()).isEmpty();
    }
}
