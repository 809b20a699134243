package dev.arus.engine.sink;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.arus.engine.streaming.ResultBatch;
import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.Field;
import dev.arus.engine.data.Row;
import dev.arus.engine.data.Schema;
import dev.arus.engine.data.StructType;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Layout from Spark's ConsoleWrite.printRows and classic Dataset.showString. */
class ConsoleSinkTest {

    private static final Schema WINDOW_COUNT = Schema.of(
            new Field("window", StructType.WINDOW, false),
            new Field("count", AtomicType.LONG, false));

    private final ByteArrayOutputStream buffer = new ByteArrayOutputStream();
    private final PrintStream out = new PrintStream(buffer, true, StandardCharsets.UTF_8);

    private ConsoleSink sink(Map<String, String> options) {
        return new ConsoleSink(options, ZoneOffset.UTC, out);
    }

    private String printed() {
        return buffer.toString(StandardCharsets.UTF_8);
    }

    private static Row window(String start, String end, long count) {
        Row window = new Row(new Schema(StructType.WINDOW.fields()), new Object[] {Instant.parse(start), Instant.parse(end)});
        return new Row(WINDOW_COUNT, new Object[] {window, count});
    }

    @Test
    void printsTheChaptersWindowTableExactly() {
        sink(Map.of("truncate", "false")).addBatch(5, new ResultBatch(WINDOW_COUNT,
                List.of(window("2026-10-16T13:29:20Z", "2026-10-16T13:29:28Z", 26))));
        assertThat(printed()).isEqualTo("""
                -------------------------------------------
                Batch: 5
                -------------------------------------------
                +------------------------------------------+-----+
                |window                                    |count|
                +------------------------------------------+-----+
                |{2026-10-16 13:29:20, 2026-10-16 13:29:28}|26   |
                +------------------------------------------+-----+

                """);
    }

    @Test
    void printsAnEmptyBatchAsHeaderBetweenBorders() {
        sink(Map.of("truncate", "false")).addBatch(0, new ResultBatch(WINDOW_COUNT, List.of()));
        assertThat(printed()).isEqualTo("""
                -------------------------------------------
                Batch: 0
                -------------------------------------------
                +------+-----+
                |window|count|
                +------+-----+
                +------+-----+

                """);
    }

    @Test
    void truncatesToTwentyCharactersAndAlignsRightByDefault() {
        sink(Map.of()).addBatch(7, new ResultBatch(WINDOW_COUNT,
                List.of(window("2026-10-16T13:29:28Z", "2026-10-16T13:29:36Z", 40))));
        assertThat(printed()).isEqualTo("""
                -------------------------------------------
                Batch: 7
                -------------------------------------------
                +--------------------+-----+
                |              window|count|
                +--------------------+-----+
                |{2026-10-16 13:29...|   40|
                +--------------------+-----+

                """);
    }

    @Test
    void saysHowManyRowsItShowedWhenThereAreMore() {
        Schema schema = Schema.of(new Field("value", AtomicType.LONG, false));
        List<Row> rows = List.of(new Row(schema, new Object[] {1L}), new Row(schema, new Object[] {2L}),
                new Row(schema, new Object[] {3L}));
        sink(Map.of("numRows", "2")).addBatch(1, new ResultBatch(schema, rows));
        sink(Map.of("NUMROWS", "1")).addBatch(2, new ResultBatch(schema, rows));
        sink(Map.of("numRows", "3")).addBatch(3, new ResultBatch(schema, rows));
        assertThat(printed()).isEqualTo("""
                -------------------------------------------
                Batch: 1
                -------------------------------------------
                +-----+
                |value|
                +-----+
                |    1|
                |    2|
                +-----+
                only showing top 2 rows

                -------------------------------------------
                Batch: 2
                -------------------------------------------
                +-----+
                |value|
                +-----+
                |    1|
                +-----+
                only showing top 1 row

                -------------------------------------------
                Batch: 3
                -------------------------------------------
                +-----+
                |value|
                +-----+
                |    1|
                |    2|
                |    3|
                +-----+

                """);
    }

    @Test
    void printsNullsDoublesBooleansAndFractionalTimestampsAsSpark4() {
        Schema schema = Schema.of(
                new Field("id", AtomicType.INT, true),
                new Field("avg", AtomicType.DOUBLE, true),
                new Field("ok", AtomicType.BOOLEAN, true),
                new Field("at", AtomicType.TIMESTAMP, true),
                new Field("window", StructType.WINDOW, true));
        Row window = new Row(new Schema(StructType.WINDOW.fields()), new Object[] {null, Instant.parse("2026-10-16T13:29:28Z")});
        List<Row> rows = List.of(
                new Row(schema, new Object[] {1, 2.0, true, Instant.parse("2026-10-16T13:29:20.500Z"), window}),
                new Row(schema, new Object[] {null, 1.0E7, false, Instant.parse("2026-10-16T13:29:20.000123Z"), null}),
                new Row(schema, new Object[] {3, null, null, null, null}));
        sink(Map.of("truncate", "FALSE")).addBatch(4, new ResultBatch(schema, rows));
        assertThat(printed()).isEqualTo("""
                -------------------------------------------
                Batch: 4
                -------------------------------------------
                +----+-----+-----+--------------------------+---------------------------+
                |id  |avg  |ok   |at                        |window                     |
                +----+-----+-----+--------------------------+---------------------------+
                |1   |2.0  |true |2026-10-16 13:29:20.5     |{NULL, 2026-10-16 13:29:28}|
                |NULL|1.0E7|false|2026-10-16 13:29:20.000123|NULL                       |
                |3   |NULL |NULL |NULL                      |NULL                       |
                +----+-----+-----+--------------------------+---------------------------+

                """);
    }

    @Test
    void printsTimestampsInTheSessionTimeZone() {
        Schema schema = Schema.of(new Field("at", AtomicType.TIMESTAMP, false));
        new ConsoleSink(Map.of(), ZoneId.of("Asia/Jakarta"), out).addBatch(0, new ResultBatch(schema,
                List.of(new Row(schema, new Object[] {Instant.parse("2026-10-16T13:29:20Z")}))));
        assertThat(printed()).contains("|2026-10-16 20:29:20|");
    }

    @Test
    void describesItsSettings() {
        assertThat(sink(Map.of()).description()).isEqualTo("ConsoleSink[numRows=20, truncate=true]");
        assertThat(sink(Map.of("truncate", "false", "numRows", "5")).description())
                .isEqualTo("ConsoleSink[numRows=5, truncate=false]");
    }

    @Test
    void rejectsUnknownOptionsAndBadValues() {
        assertThatThrownBy(() -> sink(Map.of("rows", "5")))
                .hasMessage("Unknown option 'rows' for format 'console'. Allowed options: numRows, truncate");
        assertThatThrownBy(() -> sink(Map.of("truncate", "30")))
                .hasMessageStartingWith("Invalid value '30'. The option 'truncate' must be true or false");
        assertThatThrownBy(() -> sink(Map.of("numRows", "many")))
                .hasMessage("Invalid value 'many'. The option 'numRows' must be a whole number");
    }
}
