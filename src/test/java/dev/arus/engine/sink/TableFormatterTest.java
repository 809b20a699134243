package dev.arus.engine.sink;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arus.engine.data.ArrayType;
import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.Field;
import dev.arus.engine.data.MapType;
import dev.arus.engine.data.Row;
import dev.arus.engine.data.Schema;
import dev.arus.engine.data.StructType;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Cases follow Spark's DataFrameSuite showString tests. */
class TableFormatterTest {

    private final TableFormatter formatter = new TableFormatter(ZoneOffset.UTC);
    private final Schema schema = Schema.of(new Field("name", AtomicType.STRING, true));

    private String show(List<String> values, int numRows, int truncate) {
        List<Row> rows = values.stream().map(v -> new Row(schema, new Object[] {v})).toList();
        return formatter.showString(schema, rows, numRows, truncate);
    }

    @Test
    void cutsLongCellsWithAnEllipsis() {
        assertThat(show(List.of("abcdefghijklmnopqrstuvwxyz"), 20, 20)).isEqualTo("""
                +--------------------+
                |                name|
                +--------------------+
                |abcdefghijklmnopq...|
                +--------------------+
                """);
    }

    @Test
    void cutsWithoutEllipsisBelowFourCharacters() {
        assertThat(show(List.of("abcdef"), 20, 3)).isEqualTo("""
                +----+
                |name|
                +----+
                | abc|
                +----+
                """);
    }

    @Test
    void keepsColumnsAtLeastThreeWide() {
        Schema narrow = Schema.of(new Field("a", AtomicType.LONG, false));
        assertThat(formatter.showString(narrow, List.of(new Row(narrow, new Object[] {1L})), 20, 0)).isEqualTo("""
                +---+
                |a  |
                +---+
                |1  |
                +---+
                """);
    }

    @Test
    void countsFullWidthCharactersAsTwo() {
        assertThat(show(List.of("ページ", "a"), 20, 20)).isEqualTo("""
                +------+
                |  name|
                +------+
                |ページ|
                |     a|
                +------+
                """);
    }

    @Test
    void escapesControlCharacters() {
        assertThat(show(List.of("a\nb\tc"), 20, 0)).isEqualTo("""
                +-------+
                |name   |
                +-------+
                |a\\nb\\tc|
                +-------+
                """);
    }

    @Test
    void showsNoRowsButTheFooterWhenNumRowsIsZero() {
        assertThat(show(List.of("x"), 0, 20)).isEqualTo("""
                +----+
                |name|
                +----+
                +----+
                only showing top 0 rows
                """);
    }

    @Test
    void printsBinaryArraysMapsAndStructsAsSpark4ShowDoes() {
        // Spark 4's ToPrettyString: binary as hex bytes, nested NULLs as NULL, {k -> v} for maps.
        StructType inner = new StructType(List.of(new Field("x", AtomicType.INT, true),
                new Field("b", AtomicType.BINARY, true)));
        Schema nested = Schema.of(
                new Field("key", AtomicType.BINARY, true),
                new Field("tags", new ArrayType(AtomicType.INT, true), true),
                new Field("props", new MapType(AtomicType.STRING, AtomicType.STRING, true), true),
                new Field("data", inner, true),
                new Field("deep", new ArrayType(inner, true), true));
        Map<String, String> props = new LinkedHashMap<>();
        props.put("a", "1");
        props.put("b", null);
        Row data = new Row(new Schema(inner.fields()), new Object[] {null, new byte[] {(byte) 0xAB}});
        Row row = new Row(nested, new Object[] {"AB".getBytes(java.nio.charset.StandardCharsets.UTF_8),
                Arrays.asList(1, null), props, data, List.of(data)});
        Row empty = new Row(nested, new Object[] {new byte[0], List.of(), Map.of(), null, null});

        assertThat(formatter.showString(nested, List.of(row, empty), 20, 0)).isEqualTo("""
                +-------+---------+-------------------+------------+--------------+
                |key    |tags     |props              |data        |deep          |
                +-------+---------+-------------------+------------+--------------+
                |[41 42]|[1, NULL]|{a -> 1, b -> NULL}|{NULL, [AB]}|[{NULL, [AB]}]|
                |[]     |[]       |{}                 |NULL        |NULL          |
                +-------+---------+-------------------+------------+--------------+
                """);
    }
}
