package dev.arus.server.spark;

import static dev.arus.server.spark.SparkProblems.analysed;

import dev.arus.server.query.FrameBuilder;
import dev.arus.server.query.QuerySpec.SourceSpec;
import dev.arus.server.query.ResolvedStep;
import dev.arus.server.web.JsonPointer;
import java.util.List;
import java.util.stream.Stream;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.functions;

/**
 * A spec's frames on Apache Spark: each resolved step applied through Spark's Dataset API, with
 * Spark SQL strings and Spark's column functions only, so that executors need no class of Arus.
 * Spark analyses each step on the spot, and its refusal is a problem at the step's JSON pointer
 * with Spark's message. Sources and static tables are read by {@link SparkInputs}.
 */
final class SparkFrames implements FrameBuilder<Dataset<Row>> {

    private final SparkSession session;
    private final SparkInputs inputs;
    private final String query;

    /** The frames of the query called {@code query}, in its {@code session}. */
    SparkFrames(SparkSession session, SparkInputs inputs, String query) {
        this.session = session;
        this.inputs = inputs;
        this.query = query;
    }

    @Override
    public Dataset<Row> source(SourceSpec source, String pointer) {
        return inputs.stream(session, source, pointer, query);
    }

    @Override
    public Dataset<Row> withColumn(Dataset<Row> frame, ResolvedStep.WithColumn step) {
        return analysed(() -> frame.withColumn(step.name(), functions.expr(step.expr())), step.pointer() + "/expr");
    }

    @Override
    public Dataset<Row> filter(Dataset<Row> frame, ResolvedStep.Filter step) {
        return analysed(() -> frame.filter(step.condition()), step.pointer());
    }

    @Override
    public Dataset<Row> select(Dataset<Row> frame, ResolvedStep.Select step) {
        return analysed(() -> frame.select(step.columns().stream().map(frame::col).toArray(Column[]::new)),
                step.pointer());
    }

    @Override
    public Dataset<Row> selectExpr(Dataset<Row> frame, ResolvedStep.SelectExpr step) {
        return analysed(() -> frame.selectExpr(step.expressions().toArray(String[]::new)), step.pointer());
    }

    @Override
    public Dataset<Row> alias(Dataset<Row> frame, ResolvedStep.Alias step) {
        return frame.alias(step.name());
    }

    @Override
    public Dataset<Row> dropDuplicates(Dataset<Row> frame, ResolvedStep.DropDuplicates step) {
        List<String> names = step.columns();
        return analysed(() -> names.isEmpty() ? frame.dropDuplicates()
                : frame.dropDuplicates(names.toArray(String[]::new)), step.pointer());
    }

    @Override
    public Dataset<Row> dropDuplicatesWithinWatermark(Dataset<Row> frame,
                                                      ResolvedStep.DropDuplicatesWithinWatermark step) {
        List<String> names = step.columns();
        return analysed(() -> names.isEmpty() ? frame.dropDuplicatesWithinWatermark()
                : frame.dropDuplicatesWithinWatermark(names.toArray(String[]::new)), step.pointer());
    }

    @Override
    public Dataset<Row> withWatermark(Dataset<Row> frame, ResolvedStep.WithWatermark step) {
        return analysed(() -> frame.withWatermark(step.column(), step.delay()), step.pointer());
    }

    @Override
    public Dataset<Row> limit(Dataset<Row> frame, ResolvedStep.Limit step) {
        return analysed(() -> frame.limit(step.count()), step.pointer());
    }

    @Override
    public Dataset<Row> groupBy(Dataset<Row> frame, ResolvedStep.GroupBy step) {
        Column[] keyColumns = columns(step.keys(), step.pointer() + "/keys");
        Column[] aggregateColumns = columns(step.aggregations(), step.pointer() + "/aggregations");
        return analysed(() -> frame.groupBy(keyColumns).agg(aggregateColumns[0],
                Stream.of(aggregateColumns).skip(1).toArray(Column[]::new)), step.pointer());
    }

    /** A join with another stream (its own source and steps) or a static table under the data directory. */
    @Override
    public Dataset<Row> join(Dataset<Row> frame, ResolvedStep.Join join) {
        Dataset<Row> other = join.other().stream() != null ? join.other().stream().build(this)
                : inputs.table(session, join.other().table(), join.other().tablePointer());
        if (join.isCross()) {
            return analysed(() -> frame.crossJoin(other), join.pointer());
        }
        if (join.condition() != null) {
            return analysed(() -> frame.join(other, functions.expr(join.condition()), join.how()), join.pointer());
        }
        String[] using = join.using().toArray(String[]::new);
        return analysed(() -> frame.join(other, using, join.how()), join.pointer());
    }

    private static Column[] columns(List<String> expressions, String pointer) {
        Column[] columns = new Column[expressions.size()];
        for (int i = 0; i < columns.length; i++) {
            String text = expressions.get(i);
            columns[i] = analysed(() -> functions.expr(text), JsonPointer.append(pointer, i));
        }
        return columns;
    }
}
