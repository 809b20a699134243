package dev.arus.server.stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.Row;
import dev.arus.engine.expr.sql.DataTypeParser;
import dev.arus.server.web.ProblemException;
import java.math.BigDecimal;
import java.nio.CharBuffer;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Reading posted events into decimal, date, float, narrow integer and struct columns; the other types are in StreamApiTest. */
class EventDecoderTest {

    private static final String SCHEMA = "price DECIMAL(5,2), day DATE, ratio FLOAT, level TINYINT, small SMALLINT";

    private static List<Object> decode(String event) {
        EventDecoder decoder = new EventDecoder("s", DataTypeParser.parseSchema(SCHEMA), ZoneOffset.UTC);
        return decoder.decode(CharBuffer.wrap(("[" + event + "]").toCharArray()), EventDecoder.Layout.ARRAY)
                .toRows().get(0).values();
    }

    @Test
    void readsDecimalsRoundedHalfUpToTheirScaleDatesAsTextAndNarrowNumbers() {
        assertThat(decode("{\"price\": 1.005, \"day\": \"2026-12-01\", \"ratio\": 1.5, \"level\": 127, \"small\": -300}"))
                .containsExactly(new BigDecimal("1.01"), LocalDate.parse("2026-12-01"), 1.5f, (byte) 127, (short) -300);
        assertThat(decode("{\"price\": 3}")).containsExactly(new BigDecimal("3.00"), null, null, null, null);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
        "{\"price\": 1234.5} | is out of the range of DECIMAL(5,2)",
        "{\"price\": 999.995} | is out of the range of DECIMAL(5,2)",
        "{\"price\": \"1.5\"} | is a string, but column price is DECIMAL(5,2)",
        "{\"day\": \"tomorrow\"} | 'tomorrow' is not a date",
        "{\"day\": 20261201} | column day is DATE",
        "{\"day\": \"10000-01-01\"} | out of the range of DATE",
        "{\"ratio\": 1e39} | is out of the range of FLOAT",
        "{\"level\": 128} | is out of the range of TINYINT",
        "{\"small\": 32768} | is out of the range of SMALLINT",
    })
    void refusesAValueOutsideItsColumnsType(String event, String detail) {
        assertThatThrownBy(() -> decode(event)).isInstanceOf(ProblemException.class).hasMessageContaining(detail);
    }

    private static final String WINDOWS = "window STRUCT<start: TIMESTAMP, end: TIMESTAMP NOT NULL>, total BIGINT";

    private static ColumnarBatch decodeWindows(String events) {
        return new EventDecoder("w", DataTypeParser.parseSchema(WINDOWS), ZoneOffset.UTC)
                .decode(CharBuffer.wrap(events.toCharArray()), EventDecoder.Layout.ARRAY);
    }

    @Test
    void readsAStructFromAnObjectOfItsFieldsAndNullFromNull() {
        ColumnarBatch batch = decodeWindows("[{\"window\": {\"end\": \"2026-12-01T10:00:08Z\", "
                + "\"start\": \"2026-12-01T10:00:00Z\"}, \"total\": 3}, {\"window\": null, \"total\": 4},"
                + " {\"window\": {\"end\": \"2026-12-01T10:00:16Z\"}}]");
        Row first = (Row) batch.toRows().get(0).get(0);
        assertThat(first.values()).containsExactly(Instant.parse("2026-12-01T10:00:00Z"),
                Instant.parse("2026-12-01T10:00:08Z"));
        assertThat(batch.toRows().get(1).values()).containsExactly(null, 4L);
        assertThat(((Row) batch.toRows().get(2).get(0)).values())
                .containsExactly(null, Instant.parse("2026-12-01T10:00:16Z"));
    }

    @Test
    void readsEveryEventOfABodyLargerThanTheBatchFirstAllocated() {
        StringBuilder events = new StringBuilder("[");
        for (int i = 0; i < 100; i++) {
            events.append(i == 0 ? "" : ",").append(i % 3 == 0 ? "{\"window\": null, \"total\": " + i + "}"
                    : "{\"window\": {\"end\": \"2026-12-01T10:00:" + String.format("%02d", i % 60) + "Z\"}, \"total\": " + i + "}");
        }
        List<Row> rows = decodeWindows(events.append("]").toString()).toRows();

        assertThat(rows).hasSize(100);
        for (int i = 0; i < 100; i++) {
            assertThat(rows.get(i).get(1)).isEqualTo((long) i);
            if (i % 3 == 0) {
                assertThat(rows.get(i).get(0)).isNull();
            } else {
                assertThat(((Row) rows.get(i).get(0)).values()).containsExactly(null,
                        Instant.parse("2026-12-01T10:00:" + String.format("%02d", i % 60) + "Z"));
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
        "{\"window\": 5} | Event 0, field 'window', is a number, but column window is STRUCT<start: TIMESTAMP, end: TIMESTAMP>: give an object of its fields [start, end] | /0/window",
        "{\"window\": {\"start\": \"2026-12-01T10:00:00Z\"}} | Event 0, field 'window.end', is missing, but column end is NOT NULL | /0/window/end",
        "{\"window\": {\"end\": \"x\"}} | Event 0, field 'window.end', 'x' is not a timestamp | /0/window/end",
        "{\"window\": {\"stop\": 1}} | Event 0, field 'window.stop', is not a field of column window, a STRUCT<start: TIMESTAMP, end: TIMESTAMP> | /0/window/stop",
        "{\"window\": {\"end\": 1, \"end\": 2}} | Event 0, field 'window.end', is given twice | /0/window/end",
    })
    void refusesABadStructNamingItsFieldByItsPath(String event, String detail, String pointer) {
        assertThatThrownBy(() -> decodeWindows("[" + event + "]"))
                .isInstanceOfSatisfying(ProblemException.class, problem -> {
                    assertThat(problem.getMessage()).contains(detail);
                    assertThat(problem.properties()).containsEntry("pointer", pointer);
                });
    }
}
