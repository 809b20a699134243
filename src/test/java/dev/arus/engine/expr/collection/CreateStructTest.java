package dev.arus.engine.expr.collection;

import static dev.arus.engine.expr.Batches.row;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.Field;
import dev.arus.engine.data.Row;
import dev.arus.engine.data.Schema;
import dev.arus.engine.data.StructType;
import dev.arus.engine.data.StructVector;
import dev.arus.engine.expr.Batches;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.analysis.ExpressionAnalyzer;
import dev.arus.engine.expr.sql.ExpressionParser;
import dev.arus.engine.streaming.AnalysisException;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Names and types as Spark's CreateStruct and CreateNamedStruct give them. */
class CreateStructTest {

    private static final Schema SCHEMA = Schema.of(
            new Field("a", AtomicType.INT, true),
            new Field("s", AtomicType.STRING, false),
            new Field("w", StructType.WINDOW, true));

    private static BoundExpression bind(String expression) {
        return ExpressionAnalyzer.bind(ExpressionParser.parseNamed(expression), SCHEMA);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "struct(a, s)|struct(a, s)|struct<a:int,s:string>",
        "struct(A, w.start)|struct(a, w.start)|struct<A:int,start:timestamp>",
        "struct(a + 1, 'x', s)|struct((a + 1), x, s)|struct<col1:int,col2:string,s:string>",
        "struct(a AS x, s y)|struct(a AS x, s AS y)|struct<x:int,y:string>",
        "struct()|struct()|struct<>",
        "named_struct('x', a, 'y', s)|named_struct(x, a, y, s)|struct<x:int,y:string>",
        "named_struct('x', struct(a))|named_struct(x, struct(a))|struct<x:struct<a:int>>",
    })
    void namesFieldsAndColumnsAsSpark(String expression, String name, String type) {
        BoundExpression bound = bind(expression);
        assertThat(bound.name()).isEqualTo(name);
        assertThat(bound.dataType().simpleString()).isEqualTo(type);
    }

    @Test
    void isNeverNullWhileItsFieldsKeepTheirNullability() {
        StructType type = (StructType) bind("struct(a, s)").dataType();
        assertThat(bind("struct(a, s)").nullable()).isFalse();
        assertThat(type.fields()).extracting(Field::nullable).containsExactly(true, false);
    }

    @Test
    void holdsTheValuesOfEachRowNullsIncluded() {
        ColumnarBatch batch = Batches.of(SCHEMA, row(1, "x", null), row(null, "y", null));
        List<Object> structs = Batches.evaluate("named_struct('n', a, 's', s)", batch);

        assertThat(structs).extracting(struct -> ((Row) struct).values())
                .containsExactly(List.of(1, "x"), Arrays.asList(null, "y"));
    }

    @Test
    void showsTheValuesVectorsWithoutCopyingThem() {
        ColumnarBatch batch = Batches.of(SCHEMA, row(1, "x", null));
        ColumnVector result = bind("struct(a, s)").evaluate(batch, Batches.UTC);

        assertThat(((StructVector) result).child(0)).isSameAs(batch.column(0));
    }

    @Test
    void isCopiedWhereAnotherExpressionNeedsItsOwnRows() {
        ColumnarBatch batch = Batches.of(SCHEMA, row(1, "x", null), row(2, "y", null));
        List<Object> values = Batches.evaluate("CASE WHEN a > 1 THEN struct(a, s) ELSE struct(0 AS a, 'none' AS s) END", batch);

        assertThat(values).extracting(struct -> ((Row) struct).values())
                .containsExactly(List.of(0, "none"), List.of(2, "y"));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "named_struct('x', a, 'y')|WRONG_NUM_ARGS.WITHOUT_SUGGESTION|requires 2n (n > 0) parameters but the actual number is 3",
        "named_struct(s, a)|DATATYPE_MISMATCH.CREATE_NAMED_STRUCT_WITHOUT_FOLDABLE_STRING|but they are [\"s\"]",
        "named_struct(1, a, NULL, s)|DATATYPE_MISMATCH.CREATE_NAMED_STRUCT_WITHOUT_FOLDABLE_STRING|[\"1\", \"NULL\"]",
    })
    void refusesNamesThatAreNotStringLiterals(String expression, String errorClass, String message) {
        assertThatThrownBy(() -> bind(expression))
                .isInstanceOfSatisfying(AnalysisException.class, e -> assertThat(e.errorClass()).isEqualTo(errorClass))
                .hasMessageContaining(message);
    }
}
