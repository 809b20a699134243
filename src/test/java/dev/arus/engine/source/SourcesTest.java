package dev.arus.engine.source;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.arus.engine.streaming.ArusException;
import dev.arus.engine.time.ManualClock;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SourcesTest {

    private final ManualClock clock = new ManualClock(1_000_000);

    @Test
    void createsRateSourceWithCaseInsensitiveFormatAndKeys() {
        Source source = Sources.create("Rate", Map.of("ROWSPERSECOND", "5", "numpartitions", "2", "RampUpTime", "3s"), clock);
        assertThat(source).isInstanceOf(RateSource.class);
        assertThat(((RateSource) source).options()).isEqualTo(new RateOptions(5, 3, 2, "2"));
        assertThat(((RateSource) source).creationTimeMs()).isEqualTo(1_000_000);
    }

    @Test
    void appliesSparksDefaults() {
        RateSource rate = (RateSource) Sources.create("rate", Map.of(), clock);
        assertThat(rate.options()).isEqualTo(new RateOptions(1, 0, 1, null));
        RateMicroBatchSource micro = (RateMicroBatchSource) Sources.create("rate-micro-batch", Map.of("rowsPerBatch", "10"), clock);
        assertThat(micro.options()).isEqualTo(new RateMicroBatchOptions(10, 1, 0, 1000));
    }

    @Test
    void parsesRampUpTimeAsSparksTimeStringAsSec() {
        assertThat(RateOptions.parse(Map.of("rampUpTime", "7")).rampUpTimeSeconds()).isEqualTo(7);
        assertThat(RateOptions.parse(Map.of("rampUpTime", "2m")).rampUpTimeSeconds()).isEqualTo(120);
        assertThat(RateOptions.parse(Map.of("rampUpTime", "1min")).rampUpTimeSeconds()).isEqualTo(60);
        assertThat(RateOptions.parse(Map.of("rampUpTime", "1500ms")).rampUpTimeSeconds()).isEqualTo(1);
        assertThat(RateOptions.parse(Map.of("rampUpTime", " 1H ")).rampUpTimeSeconds()).isEqualTo(3600);
        assertThatThrownBy(() -> RateOptions.parse(Map.of("rampUpTime", "5 seconds")))
                .hasMessageStartingWith("Invalid value '5 seconds'. The option 'rampUpTime' must be a duration");
        assertThatThrownBy(() -> RateOptions.parse(Map.of("rampUpTime", "-1s")))
                .hasMessage("Invalid value '-1'. The option 'rampUpTime' must not be negative");
    }

    @Test
    void rejectsUnknownFormatListingKnownOnes() {
        assertThatThrownBy(() -> Sources.create("kafka", Map.of(), clock))
                .isInstanceOf(ArusException.class)
                .hasMessage("Unknown source format 'kafka'. Known formats: rate, rate-micro-batch");
    }

    @Test
    void rejectsUnknownOptionNamingTheAllowedOnes() {
        assertThatThrownBy(() -> Sources.create("rate", Map.of("rowsPerSec", "5"), clock))
                .isInstanceOf(ArusException.class)
                .hasMessage("Unknown option 'rowsPerSec' for format 'rate'. Allowed options: rowsPerSecond,"
                        + " rampUpTime, numPartitions");
    }

    @Test
    void rejectsOutOfRangeValuesWithSparksMessages() {
        assertThatThrownBy(() -> Sources.create("rate", Map.of("rowsPerSecond", "-1"), clock))
                .hasMessage("Invalid value '-1'. The option 'rowsPerSecond' must be positive");
        assertThatThrownBy(() -> Sources.create("rate", Map.of("numPartitions", "0"), clock))
                .hasMessage("Invalid value '0'. The option 'numPartitions' must be positive");
        assertThatThrownBy(() -> Sources.create("rate-micro-batch", Map.of(), clock))
                .hasMessageStartingWith("Invalid value '0'. The option 'rowsPerBatch' must be positive");
        assertThatThrownBy(() -> Sources.create("rate-micro-batch", Map.of("rowsPerBatch", "5", "startTimestamp", "-1"), clock))
                .hasMessage("Invalid value '-1'. The option 'startTimestamp' must be non-negative");
        assertThatThrownBy(() -> Sources.create("rate-micro-batch",
                Map.of("rowsPerBatch", "5", "advanceMillisPerBatch", "-5"), clock))
                .hasMessage("Invalid value '-5'. The option 'advanceMillisPerBatch' must be non-negative");
    }

    @Test
    void rejectsValuesOfTheWrongType() {
        assertThatThrownBy(() -> Sources.create("rate", Map.of("rowsPerSecond", "five"), clock))
                .hasMessage("Invalid value 'five'. The option 'rowsPerSecond' must be a whole number");
        assertThatThrownBy(() -> Sources.create("rate", Map.of("numPartitions", "99999999999"), clock))
                .hasMessageStartingWith("Invalid value '99999999999'. The option 'numPartitions' must be a whole number");
        assertThatThrownBy(() -> Sources.create("rate-micro-batch", Map.of("rowsPerBatch", "1.5"), clock))
                .hasMessage("Invalid value '1.5'. The option 'rowsPerBatch' must be a whole number");
    }

    @Test
    void rejectsTheSameOptionGivenTwiceInDifferentCase() {
        assertThatThrownBy(() -> Sources.create("rate", Map.of("rowsPerSecond", "5", "ROWSPERSECOND", "6"), clock))
                .hasMessageContaining("Option 'rowsPerSecond' of format 'rate' is given twice");
    }

    @Test
    void exposesFormatsAndTheirOptions() {
        assertThat(Sources.formats()).containsExactly("rate", "rate-micro-batch");
        assertThat(Sources.optionsOf("RATE")).containsExactly("rowsPerSecond", "rampUpTime", "numPartitions");
        assertThat(Sources.optionsOf("rate-micro-batch"))
                .containsExactly("rowsPerBatch", "numPartitions", "startTimestamp", "advanceMillisPerBatch");
    }

    @Test
    void validatesWithoutCreating() {
        Sources.validate("rate", Map.of("rowsPerSecond", "5"));
        assertThatThrownBy(() -> Sources.validate("rate", Map.of("rowsPerSecond", "0")))
                .isInstanceOf(ArusException.class);
    }
}
