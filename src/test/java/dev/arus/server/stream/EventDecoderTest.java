package dev.arus.server.stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.arus.engine.expr.DataTypeParser;
import dev.arus.server.web.ProblemException;
import java.math.BigDecimal;
import java.nio.CharBuffer;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Reading posted events into decimal, date, float and narrow integer columns; the other types are in StreamApiTest. */
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
}
