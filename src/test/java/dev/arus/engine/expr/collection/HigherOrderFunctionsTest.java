package dev.arus.engine.expr.collection;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arus.engine.data.ArrayType;
import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.Field;
import dev.arus.engine.data.MapType;
import dev.arus.engine.data.Schema;
import dev.arus.engine.expr.Batches;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.ComplexValueText;
import dev.arus.engine.expr.SqlRow;
import dev.arus.engine.expr.analysis.ExpressionAnalyzer;
import dev.arus.engine.expr.sql.ExpressionParser;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Spark's higher-order functions and their lambdas, with the values, types and column names of
 * their {@code ExpressionDescription} examples (and {@code sql-expression-schema.md}), and
 * Spark's errors. The row has {@code arr} [1, 2, 3], {@code m} {a -> 1}, {@code i} 7, {@code s}
 * '42' and {@code n} a NULL INT.
 */
class HigherOrderFunctionsTest {

    @ParameterizedTest
    @CsvSource(delimiter = ';', quoteCharacter = '~', value = {
        "transform(array(1, 2, 3), x -> x + 1);[2, 3, 4];array<int>;"
                + "transform(array(1, 2, 3), lambdafunction((namedlambdavariable() + 1), namedlambdavariable()))",
        "transform(array(1, 2, 3), (x, i) -> x + i);[1, 3, 5];array<int>;transform(array(1, 2, 3),"
                + " lambdafunction((namedlambdavariable() + namedlambdavariable()), namedlambdavariable(),"
                + " namedlambdavariable()))",
        "transform(arr, x -> x * i);[7, 14, 21];array<int>;"
                + "transform(arr, lambdafunction((namedlambdavariable() * i), namedlambdavariable()))",
        "transform(arr, 0);[0, 0, 0];array<int>;transform(arr, lambdafunction(0, namedlambdavariable()))",
        "transform(arr, x -> concat(s, x));[421, 422, 423];array<string>;",
        "transform(arr, X -> x + 1);[2, 3, 4];array<int>;",
        "transform(arr, `x` -> `x` + 1);[2, 3, 4];array<int>;",
        "transform(arr, arr -> arr + 1);[2, 3, 4];array<int>;",
        "transform(array(array(1, 2), array(3)), z -> transform(z, y -> y + size(z)));[[3, 4], [4]];"
                + "array<array<int>>;",
        "transform(array(array(1, 2), array(3)), z -> transform(z, z -> z * 10));[[10, 20], [30]];"
                + "array<array<int>>;",
        "transform(CAST(NULL AS ARRAY<INT>), x -> x + 1);NULL;array<int>;",
        "transform(NULL, x -> x);NULL;array<void>;",
        "transform(array(), x -> x);[];array<void>;",
        "transform(array(n, 1), x -> coalesce(x, -1));[-1, 1];array<int>;",
        "filter(array(1, 2, 3), x -> x % 2 == 1);[1, 3];array<int>;filter(array(1, 2, 3),"
                + " lambdafunction(((namedlambdavariable() % 2) = 1), namedlambdavariable()))",
        "filter(array(0, 2, 3), (x, i) -> x > i);[2, 3];array<int>;",
        "filter(array(0, NULL, 2, 3, NULL), x -> x IS NOT NULL);[0, 2, 3];array<int>;",
        "filter(arr, x -> x > i);[];array<int>;",
        "exists(array(1, 2, 3), x -> x % 2 == 0);true;boolean;"
                + "exists(array(1, 2, 3), lambdafunction(((namedlambdavariable() % 2) = 0), namedlambdavariable()))",
        "exists(array(1, 2, 3), x -> x % 2 == 10);false;boolean;",
        "exists(array(1, NULL, 3), x -> x % 2 == 0);NULL;boolean;",
        "exists(array(0, NULL, 2, 3, NULL), x -> x IS NULL);true;boolean;",
        "exists(array(1, 2, 3), x -> x IS NULL);false;boolean;",
        "exists(array(1, 0), x -> 1 / x > 0);true;boolean;",
        "exists(array(), x -> true);false;boolean;",
        "forall(array(1, 2, 3), x -> x % 2 == 0);false;boolean;"
                + "forall(array(1, 2, 3), lambdafunction(((namedlambdavariable() % 2) = 0), namedlambdavariable()))",
        "forall(array(2, 4, 8), x -> x % 2 == 0);true;boolean;",
        "forall(array(1, NULL, 3), x -> x % 2 == 0);false;boolean;",
        "forall(array(2, NULL, 8), x -> x % 2 == 0);NULL;boolean;",
        "forall(array(1, 0), x -> 1 / x < 0);false;boolean;",
        "aggregate(array(1, 2, 3), 0, (acc, x) -> acc + x);6;int;aggregate(array(1, 2, 3), 0,"
                + " lambdafunction((namedlambdavariable() + namedlambdavariable()), namedlambdavariable(),"
                + " namedlambdavariable()), lambdafunction(namedlambdavariable(), namedlambdavariable()))",
        "aggregate(array(1, 2, 3), 0, (acc, x) -> acc + x, acc -> acc * 10);60;int;",
        "reduce(array(1, 2, 3), 0, (acc, x) -> acc + x);6;int;reduce(array(1, 2, 3), 0,"
                + " lambdafunction((namedlambdavariable() + namedlambdavariable()), namedlambdavariable(),"
                + " namedlambdavariable()), lambdafunction(namedlambdavariable(), namedlambdavariable()))",
        "aggregate(arr, 0L, (acc, x) -> acc * 10 + x);123;bigint;",
        "aggregate(arr, '', (acc, x) -> concat(acc, x, s));142242342;string;",
        "aggregate(filter(arr, x -> false), i, (acc, x) -> acc + x, acc -> acc * 2);14;int;",
        "aggregate(CAST(NULL AS ARRAY<INT>), 0, (a, y) -> a + y + 1, a -> a + 2);NULL;int;",
        "aggregate(array(1, 2, 3), named_struct('sum', 0, 'n', 0), (acc, x) -> named_struct('sum', acc.sum + x,"
                + " 'n', acc.n + 1), acc -> acc.sum / acc.n);2.0;double;",
        "aggregate(array(1, NULL, 3), 0, (acc, x) -> acc + x);NULL;int;",
        "zip_with(array(1, 2), array(3, 4), (x, y) -> x + y);[4, 6];array<int>;",
        "zip_with(array('a', 'b', 'c'), array('d', 'e', 'f'), (x, y) -> concat(x, y));[ad, be, cf];array<string>;",
        "zip_with(array('a'), array('d', NULL, 'f'), (x, y) -> coalesce(x, y));[a, null, f];array<string>;",
        "zip_with(array(1, 2, 3), array('a', 'b', 'c'), (x, y) -> named_struct('y', y, 'x', x));"
                + "[{a, 1}, {b, 2}, {c, 3}];array<struct<y:string,x:int>>;zip_with(array(1, 2, 3), array(a, b, c),"
                + " lambdafunction(named_struct(y, namedlambdavariable(), x, namedlambdavariable()),"
                + " namedlambdavariable(), namedlambdavariable()))",
        "zip_with(arr, CAST(NULL AS ARRAY<INT>), (x, y) -> x);NULL;array<int>;",
        "map_filter(map(1, 0, 2, 2, 3, -1), (k, v) -> k > v);{1 -> 0, 3 -> -1};map<int,int>;"
                + "map_filter(map(1, 0, 2, 2, 3, -1), lambdafunction((namedlambdavariable() > namedlambdavariable()),"
                + " namedlambdavariable(), namedlambdavariable()))",
        "transform_keys(map(1, 1, 2, 2, 3, 3), (k, v) -> k + 1);{2 -> 1, 3 -> 2, 4 -> 3};map<int,int>;"
                + "transform_keys(map(1, 1, 2, 2, 3, 3), lambdafunction((namedlambdavariable() + 1),"
                + " namedlambdavariable(), namedlambdavariable()))",
        "transform_keys(map(1, 1, 2, 2, 3, 3), (k, v) -> k + v);{2 -> 1, 4 -> 2, 6 -> 3};map<int,int>;",
        "transform_values(map(1, 1, 2, 2, 3, 3), (k, v) -> v + 1);{1 -> 2, 2 -> 3, 3 -> 4};map<int,int>;"
                + "transform_values(map(1, 1, 2, 2, 3, 3), lambdafunction((namedlambdavariable() + 1),"
                + " namedlambdavariable(), namedlambdavariable()))",
        "transform_values(m, (k, v) -> concat(k, v, s));{a -> a142};map<string,string>;",
        "map_filter(CAST(NULL AS MAP<STRING, INT>), (k, v) -> true);NULL;map<string,int>;",
        "array_sort(array(5, 6, 1), (left, right) -> case when left < right then -1 when left > right then 1"
                + " else 0 end);[1, 5, 6];array<int>;array_sort(array(5, 6, 1), lambdafunction(CASE WHEN"
                + " (namedlambdavariable() < namedlambdavariable()) THEN -1 WHEN (namedlambdavariable() >"
                + " namedlambdavariable()) THEN 1 ELSE 0 END, namedlambdavariable(), namedlambdavariable()))",
        "array_sort(array('bc', 'ab', 'dc'), (left, right) -> case when left is null and right is null then 0"
                + " when left is null then -1 when right is null then 1 when left < right then 1 when left > right"
                + " then -1 else 0 end);[dc, bc, ab];array<string>;",
        "array_sort(array('b', 'd', NULL, 'c', 'a'));[a, b, c, d, null];array<string>;",
        "array_sort(array(3, 1, 2));[1, 2, 3];array<int>;array_sort(array(3, 1, 2), lambdafunction((IF(("
                + "(namedlambdavariable() IS NULL) AND (namedlambdavariable() IS NULL)), 0, (IF((namedlambdavariable()"
                + " IS NULL), 1, (IF((namedlambdavariable() IS NULL), -1, (IF((namedlambdavariable() <"
                + " namedlambdavariable()), -1, (IF((namedlambdavariable() > namedlambdavariable()), 1, 0)))))))))),"
                + " namedlambdavariable(), namedlambdavariable()))",
        "array_sort(arr, (l, r) -> r - l);[3, 2, 1];array<int>;",
        "array_sort(arr, (l, r) -> i - i);[1, 2, 3];array<int>;",
    })
    void computesAndNamesAsSparkDoes(String expression, String value, String type, String name) {
        SqlRow.check(expression, value, type, name == null || name.isEmpty() ? null : name);
    }

    @ParameterizedTest
    @CsvSource(delimiter = ';', quoteCharacter = '~', value = {
        "upper(x -> x);INVALID_LAMBDA_FUNCTION_CALL.NON_HIGHER_ORDER_FUNCTION;~Invalid lambda function call. A lambda"
                + " function should only be used in a higher order function. However, its class is"
                + " org.apache.spark.sql.catalyst.expressions.Upper, which is not a higher order function.~",
        // Spark's transform binds a lambda of two names to (element, index) and any other to the element alone
        "transform(arr, (x, y, z) -> x);INVALID_LAMBDA_FUNCTION_CALL.NUM_ARGS_MISMATCH;"
                + "A higher order function expects 3 arguments, but got 1.",
        "exists(arr, (x, i) -> true);INVALID_LAMBDA_FUNCTION_CALL.NUM_ARGS_MISMATCH;"
                + "A higher order function expects 2 arguments, but got 1.",
        "aggregate(arr, 0, x -> x);INVALID_LAMBDA_FUNCTION_CALL.NUM_ARGS_MISMATCH;"
                + "A higher order function expects 1 arguments, but got 2.",
        "transform(arr, (x, X) -> x);INVALID_LAMBDA_FUNCTION_CALL.DUPLICATE_ARG_NAMES;~The lambda function has"
                + " duplicate arguments `x`, `x`. Please, consider to rename the argument names or set"
                + " \"spark.sql.caseSensitive\" to \"true\".~",
        "transform(s, x -> x + 1);DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE;~Cannot resolve \"transform(s,"
                + " lambdafunction((x + 1), x))\" due to data type mismatch: The first parameter requires the"
                + " \"ARRAY\" type, however \"s\" has the type \"STRING\".~",
        "map_filter(arr, (k, v) -> true);DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE;~The first parameter requires the"
                + " \"MAP\" type, however \"arr\" has the type \"ARRAY<INT>\".~",
        "filter(arr, x -> x + 1);DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE;~The second parameter requires the"
                + " \"BOOLEAN\" type, however \"lambdafunction((namedlambdavariable() + 1), namedlambdavariable())\""
                + " has the type \"INT\".~",
        "aggregate(array(1L, 2L), 0, (acc, x) -> acc + x);DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE;~The third"
                + " parameter requires the \"INT\" type, however \"lambdafunction((namedlambdavariable() +"
                + " namedlambdavariable()), namedlambdavariable(), namedlambdavariable())\" has the type \"BIGINT\".~",
        "array_sort(arr, (l, r) -> 1L);DATATYPE_MISMATCH.UNEXPECTED_RETURN_TYPE;~The `lambdafunction` requires"
                + " return \"INT\" type, but the actual is \"BIGINT\" type.~",
        "array_sort(arr, (l, r) -> CAST(NULL AS INT));COMPARATOR_RETURNS_NULL;~The comparator has returned a NULL"
                + " for a comparison between 2 and 2.~",
        "transform_keys(map(1, 1, 2, 2), (k, v) -> 0);DUPLICATED_MAP_KEY;Duplicate map key 0 was found",
        "transform_keys(m, (k, v) -> CAST(NULL AS STRING));NULL_MAP_KEY;Cannot use null as map key.",
        "transform_keys(m, (k, v) -> map(k, v));DATATYPE_MISMATCH.INVALID_MAP_KEY_TYPE;~The key of map cannot"
                + " be/contain \"MAP<STRING, INT>\".~",
        "transform(arr, x -> y);UNRESOLVED_COLUMN.WITH_SUGGESTION;",
        "transform(x -> x, arr);INVALID_LAMBDA_FUNCTION_CALL.PARAMETER_DOES_NOT_ACCEPT_LAMBDA_FUNCTION;",
        "transform(arr);WRONG_NUM_ARGS.WITHOUT_SUGGESTION;The `transform` requires 2 parameters",
        "transform(arr, x -> 1 / (x - 2));DIVIDE_BY_ZERO;",
        "exists(array(1, 0), x -> 1 / x > 1);DIVIDE_BY_ZERO;",
    })
    void refusesAsSparkDoes(String expression, String errorClass, String detail) {
        SqlRow.fails(expression, errorClass, detail);
    }

    private static final Schema ROWS = Schema.of(
            new Field("id", AtomicType.INT, true),
            new Field("arr", new ArrayType(AtomicType.INT, true), true),
            new Field("m", new MapType(AtomicType.STRING, AtomicType.INT, true), true));

    /** Rows of arrays and maps of several lengths, empty and NULL, and an outer column that varies per row. */
    private static final Object[][] VALUES = {
        {1, List.of(1, 2, 3), map("a", 1, "b", 2)},
        {2, null, null},
        {3, List.of(), map()},
        {null, Arrays.asList(4, null), map("c", null)},
        {5, List.of(6), map("d", 4)},
    };

    @ParameterizedTest
    @CsvSource(delimiter = ';', quoteCharacter = '~', value = {
        "transform(arr, (x, j) -> x * id + j);[1, 3, 5]|NULL|[]|[null, null]|[30]",
        "filter(arr, x -> x > id);[2, 3]|NULL|[]|[]|[6]",
        "exists(arr, x -> x = id);true|NULL|false|NULL|false",
        "forall(arr, x -> x > 0);true|NULL|true|NULL|true",
        "aggregate(arr, id, (acc, x) -> acc + x);7|NULL|3|NULL|11",
        "aggregate(arr, 0, (acc, x) -> acc + coalesce(x, 0), acc -> acc * id);6|NULL|0|NULL|30",
        "zip_with(arr, transform(arr, x -> id), (a, b) -> a + b);[2, 3, 4]|NULL|[]|[null, null]|[11]",
        "map_filter(m, (k, v) -> v > 1);{b -> 2}|NULL|{}|{}|{d -> 4}",
        "transform_values(m, (k, v) -> v + id);{a -> 2, b -> 3}|NULL|{}|{c -> null}|{d -> 9}",
        "transform_keys(m, (k, v) -> concat(k, coalesce(id, 0)));{a1 -> 1, b1 -> 2}|NULL|{}|{c0 -> null}|{d5 -> 4}",
        "array_sort(arr);[1, 2, 3]|NULL|[]|[4, null]|[6]",
        "array_sort(filter(arr, x -> x IS NOT NULL), (l, r) -> r - l);[3, 2, 1]|NULL|[]|[4]|[6]",
        "transform(arr, x -> transform(arr, y -> x * y + id));[[2, 3, 4], [3, 5, 7], [4, 7, 10]]|NULL|[]"
                + "|[[null, null], [null, null]]|[[41]]",
    })
    void evaluatesEachRowsCollectionWithThatRowsColumns(String expression, String values) {
        List<String> expected = List.of(values.split("\\|"));
        assertThat(evaluate(expression, Batches.of(ROWS, VALUES))).as("%s", expression).isEqualTo(expected);
        // The same rows with their collections written in reverse order, so not laid end to end in row order
        assertThat(evaluate(expression, reversed())).as("%s, written in reverse", expression).isEqualTo(expected);
    }

    @Test
    void evaluatesChunksLargerThanTheFirstAllocation() {
        int size = 3_000;
        Object[][] rows = new Object[size][];
        List<String> expected = new ArrayList<>();
        for (int r = 0; r < size; r++) {
            rows[r] = new Object[] {r, r % 7 == 0 ? null : List.of(r, r + 1, r + 2), map()};
            expected.add(r % 7 == 0 ? "NULL" : "[" + 2 * r + ", " + (2 * r + 1) + "]");
        }
        assertThat(evaluate("filter(transform(arr, x -> x + id), y -> y < 2 * id + 2)", Batches.of(ROWS, rows)))
                .isEqualTo(expected);
    }

    private static ColumnarBatch reversed() {
        ColumnarBatch batch = ColumnarBatch.allocate(ROWS, VALUES.length);
        for (int r = VALUES.length - 1; r >= 0; r--) {
            for (int c = 0; c < ROWS.size(); c++) {
                batch.column(c).setObject(r, VALUES[r][c]);
            }
        }
        batch.setSize(VALUES.length);
        return batch;
    }

    private static List<String> evaluate(String expression, ColumnarBatch batch) {
        BoundExpression bound = ExpressionAnalyzer.bind(ExpressionParser.parse(expression), batch.schema());
        ColumnVector result = bound.evaluate(batch, Batches.UTC);
        List<String> values = new ArrayList<>();
        for (int row = 0; row < batch.size(); row++) {
            values.add(result.isNull(row) ? "NULL"
                    : bound.dataType().isComplex() ? new ComplexValueText().format(result, row, ZoneOffset.UTC)
                    : String.valueOf(result.getObject(row)));
        }
        return values;
    }

    private static Map<String, Integer> map(Object... entries) {
        Map<String, Integer> map = new LinkedHashMap<>();
        for (int i = 0; i < entries.length; i += 2) {
            map.put((String) entries[i], (Integer) entries[i + 1]);
        }
        return map;
    }
}
