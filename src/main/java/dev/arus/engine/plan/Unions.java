package dev.arus.engine.plan;

import dev.arus.engine.data.DataType;
import dev.arus.engine.data.Field;
import dev.arus.engine.data.Schema;
import dev.arus.engine.exec.Operator;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.analysis.ExpressionAnalyzer;
import dev.arus.engine.streaming.AnalysisException;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;

/**
 * Resolves a union of streams as Spark's analyser does ({@code WidenSetOperationTypes}, then
 * {@code CheckAnalysis} and {@code UnsupportedOperationChecker}): every input a stream, as many
 * columns in each, each column widened to the type all inputs' columns widen to, and the output's
 * columns named, qualified and watermarked as the first input's, nullable where any input's is.
 * Each input keeps its own watermarks; the query's is made of all of them.
 */
final class Unions {

    private Unions() {
    }

    static Resolved resolve(LogicalPlan.Union union) {
        if (union.children().stream().anyMatch(child -> child.streamSources().isEmpty())) {
            throw new AnalysisException(AnalysisException.UNSUPPORTED_STREAMING_OPERATION, "Union between streaming"
                    + " and batch DataFrames/Datasets is not supported");
        }
        List<Resolved> children = union.children().stream().map(LogicalPlan::resolve).toList();
        List<Schema> schemas = children.stream().map(child -> child.analysis().schema()).toList();
        Schema first = schemas.get(0);
        List<DataType> widened = new ArrayList<>();
        for (int c = 0; c < first.size(); c++) {
            int column = c;
            boolean everyInputHasIt = schemas.stream().allMatch(schema -> column < schema.size());
            DataType wider = everyInputHasIt ? ExpressionAnalyzer.widerCommonType(schemas.stream()
                    .map(schema -> schema.field(column).type()).toList()) : null;
            widened.add(wider);
        }
        for (int t = 1; t < schemas.size(); t++) {
            Schema input = schemas.get(t);
            if (input.size() != first.size()) {
                throw new AnalysisException("NUM_COLUMNS_MISMATCH", "[NUM_COLUMNS_MISMATCH] UNION can only be"
                        + " performed on inputs with the same number of columns, but the first input has "
                        + first.size() + " columns and the " + ordinal(t) + " input has " + input.size()
                        + " columns. SQLSTATE: 42826");
            }
            for (int c = 0; c < first.size(); c++) {
                if (widened.get(c) == null && !ExpressionAnalyzer.sameShape(input.field(c).type(),
                        first.field(c).type())) {
                    throw new AnalysisException("INCOMPATIBLE_COLUMN_TYPE", "[INCOMPATIBLE_COLUMN_TYPE] UNION can only"
                            + " be performed on tables with compatible column types. The " + ordinal(c) + " column of"
                            + " the " + ordinal(t) + " table is \"" + input.field(c).type().sql() + "\" type which is"
                            + " not compatible with \"" + first.field(c).type().sql() + "\" at the same column of the"
                            + " first table.. SQLSTATE: 42825");
                }
            }
        }
        List<Field> fields = new ArrayList<>();
        for (int c = 0; c < first.size(); c++) {
            int column = c;
            Field field = first.field(c);
            boolean nullable = schemas.stream().anyMatch(schema -> schema.field(column).nullable());
            DataType type = widened.get(c) != null ? widened.get(c) : field.type();
            fields.add(new Field(field.name(), type, nullable, field.qualifier()));
        }
        Schema output = new Schema(fields);
        List<List<Stage>> chains = new ArrayList<>();
        for (Resolved child : children) {
            List<Stage> chain = new ArrayList<>(child.stages());
            Schema input = child.analysis().schema();
            if (!input.equals(output)) {
                List<BoundExpression> conformed = IntStream.range(0, output.size())
                        .mapToObj(c -> ExpressionAnalyzer.conformed(input, c, output.field(c))).toList();
                chain.add(new Stage.ProjectStage(conformed, output));
            }
            chains.add(chain);
        }
        return new Resolved(List.of(new UnionStage(chains)),
                analysis(output, children.stream().map(Resolved::analysis).toList()));
    }

    /** Spark's {@code ordinalNumber} of an input or column, from 0. */
    private static String ordinal(int index) {
        return switch (index) {
            case 0 -> "first";
            case 1 -> "second";
            case 2 -> "third";
            default -> (index + 1) + "th";
        };
    }

    /**
     * What is known of the union's output: the first input's watermark column (its attributes
     * are the output's, with their metadata), and the inputs' stateful operators, aggregations and
     * joins together, and the output-mode rules of every input's steps; no grouping columns, since
     * rows of several inputs share no key.
     */
    private static Analysis analysis(Schema output, List<Analysis> inputs) {
        Analysis first = inputs.get(0);
        return new Analysis(output, first.watermarkColumn(), first.watermarkDelayMicros(),
                inputs.stream().mapToInt(Analysis::aggregations).sum(),
                inputs.stream().allMatch(Analysis::aggregationsHaveWatermarkKeys),
                inputs.stream().mapToInt(Analysis::statefulOperators).sum(),
                inputs.stream().anyMatch(Analysis::statefulAfterAggregation),
                inputs.stream().anyMatch(Analysis::sessionWindowed),
                inputs.stream().mapToInt(Analysis::streamJoins).sum(), List.of(),
                inputs.stream().flatMap(input -> input.modeRules().stream()).toList());
    }

    /**
     * A union of streams, the first stage of its chain: the chains of its inputs, each ending in
     * the union's columns, all feeding the stage after it on the slot. Their watermarks and
     * stateful operators are described and created input by input, and numbered so too.
     */
    record UnionStage(List<List<Stage>> inputs) implements Stage {

        @Override
        public void describe(PlanOutline outline) {
            inputs.forEach(outline::describe);
        }

        @Override
        public void number(PlanWiring wiring) {
            inputs.forEach(wiring::number);
        }

        @Override
        public void create(List<Stage> slots, PlanWiring wiring) {
            List<UnionStage> unions = Stage.ofEachSlot(slots, UnionStage.class);
            for (int i = 0; i < inputs.size(); i++) {
                int input = i;
                wiring.create(unions.stream().map(union -> union.inputs().get(input)).toList());
            }
        }

        /** Each input's chain feeds {@code next}: the slot's wiring ends here. */
        @Override
        public Operator wire(Operator next, int slot, PlanWiring wiring) {
            inputs.forEach(chain -> wiring.wire(chain, next, slot));
            return null;
        }
    }
}
