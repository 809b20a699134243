package dev.arus.engine.sink;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.Field;
import dev.arus.engine.data.Row;
import dev.arus.engine.data.Schema;
import java.time.ZoneOffset;
import java.util.List;
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
}
