package dev.arus.engine.streaming;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

class IntervalParserTest {

    @ParameterizedTest
    @CsvSource({
        "4 seconds, 4000000",
        "8 seconds, 8000000",
        "1 second, 1000000",
        "1 minute, 60000000",
        "10 minutes 30 seconds, 630000000",
        "2 hours, 7200000000",
        "500 milliseconds, 500000",
        "1 day, 86400000000",
        "interval 4 seconds, 4000000",
        "INTERVAL 1 Minute, 60000000",
        "1.5 seconds, 1500000",
        "0 seconds, 0",
        "-4 seconds, -4000000",
    })
    void parsesSparkIntervalStrings(String text, long micros) {
        assertThat(IntervalParser.parseMicros(text)).isEqualTo(micros);
    }

    @Test
    void namesTheBadUnitAndWhatIsAccepted() {
        assertThatThrownBy(() -> IntervalParser.parseMicros("4 secs"))
                .isInstanceOf(ArusException.class)
                .hasMessageStartingWith("[INVALID_INTERVAL_FORMAT.INVALID_UNIT] Error parsing '4 secs' to interval."
                        + " Invalid unit 'secs'.")
                .hasMessageContaining("units are microsecond, millisecond, second, minute, hour, day and week");
    }

    @Test
    void rejectsMissingUnitsBadNumbersAndMonths() {
        assertThatThrownBy(() -> IntervalParser.parseMicros("4")).hasMessageContaining("Missing unit after '4'");
        assertThatThrownBy(() -> IntervalParser.parseMicros("four seconds")).hasMessageContaining("Invalid value 'four'");
        assertThatThrownBy(() -> IntervalParser.parseMicros("1 month")).hasMessageContaining("no fixed length");
        assertThatThrownBy(() -> IntervalParser.parseMicros("1.5 hours")).hasMessageContaining("fractional");
        assertThatThrownBy(() -> IntervalParser.parseMicros(" ")).hasMessageContaining("cannot be empty");
        assertThatThrownBy(() -> IntervalParser.parseMicros("1e999999999 days"))
                .hasMessageContaining("Invalid value '1e999999999'");
        assertThatThrownBy(() -> IntervalParser.parseMicros("1E3 seconds")).hasMessageContaining("Invalid value '1e3'");
        assertThatThrownBy(() -> IntervalParser.parseMicros("9".repeat(10_000) + " days"))
                .hasMessageContaining("overflows");
    }
}
