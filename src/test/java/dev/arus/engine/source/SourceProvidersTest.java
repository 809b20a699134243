package dev.arus.engine.source;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.arus.engine.streaming.ArusException;
import dev.arus.engine.time.ManualClock;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Sources are found by format name, in any case, and check their options as Spark's do. */
class SourceProvidersTest {

    private final ManualClock clock = new ManualClock(1_000_000);
    private final SourceProviders providers = SourceProviders.installed();

    private Source create(String format, Map<String, String> options) {
        return providers.of(format).create(SourceContext.describing(options, clock));
    }

    @Test
    void createsRateSourceWithCaseInsensitiveFormatAndKeys() {
        Source source = create("Rate", Map.of("ROWSPERSECOND", "5", "numpartitions", "2", "RampUpTime", "3s"));
        assertThat(source).isInstanceOf(RateSource.class);
        assertThat(((RateSource) source).options()).isEqualTo(new RateOptions(5, 3, 2, "2"));
        assertThat(((RateSource) source).creationTimeMs()).isEqualTo(1_000_000);
    }

    @Test
    void appliesSparksDefaults() {
        RateSource rate = (RateSource) create("rate", Map.of());
        assertThat(rate.options()).isEqualTo(new RateOptions(1, 0, 1, null));
        RateMicroBatchSource micro = (RateMicroBatchSource) create("rate-micro-batch", Map.of("rowsPerBatch", "10"));
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
        assertThatThrownBy(() -> create("kinesis", Map.of()))
                .isInstanceOf(ArusException.class)
                .hasMessage("Unknown source format 'kinesis'. Known formats: csv, json, kafka, parquet, rate,"
                        + " rate-micro-batch, stream");
    }

    @Test
    void rejectsUnknownOptionNamingTheAllowedOnes() {
        assertThatThrownBy(() -> create("rate", Map.of("rowsPerSec", "5")))
                .isInstanceOf(ArusException.class)
                .hasMessage("Unknown option 'rowsPerSec' for format 'rate'. Allowed options: rowsPerSecond,"
                        + " rampUpTime, numPartitions");
    }

    @Test
    void rejectsOutOfRangeValuesWithSparksMessages() {
        assertThatThrownBy(() -> create("rate", Map.of("rowsPerSecond", "-1")))
                .hasMessage("Invalid value '-1'. The option 'rowsPerSecond' must be positive");
        assertThatThrownBy(() -> create("rate", Map.of("numPartitions", "0")))
                .hasMessage("Invalid value '0'. The option 'numPartitions' must be positive");
        assertThatThrownBy(() -> create("rate-micro-batch", Map.of()))
                .hasMessageStartingWith("Invalid value '0'. The option 'rowsPerBatch' must be positive");
        assertThatThrownBy(() -> create("rate-micro-batch", Map.of("rowsPerBatch", "5", "startTimestamp", "-1")))
                .hasMessage("Invalid value '-1'. The option 'startTimestamp' must be non-negative");
        assertThatThrownBy(() -> create("rate-micro-batch",
                Map.of("rowsPerBatch", "5", "advanceMillisPerBatch", "-5")))
                .hasMessage("Invalid value '-5'. The option 'advanceMillisPerBatch' must be non-negative");
    }

    @Test
    void rejectsValuesOfTheWrongType() {
        assertThatThrownBy(() -> create("rate", Map.of("rowsPerSecond", "five")))
                .hasMessage("Invalid value 'five'. The option 'rowsPerSecond' must be a whole number");
        assertThatThrownBy(() -> create("rate", Map.of("numPartitions", "99999999999")))
                .hasMessageStartingWith("Invalid value '99999999999'. The option 'numPartitions' must be a whole number");
        assertThatThrownBy(() -> create("rate-micro-batch", Map.of("rowsPerBatch", "1.5")))
                .hasMessage("Invalid value '1.5'. The option 'rowsPerBatch' must be a whole number");
    }

    @Test
    void rejectsTheSameOptionGivenTwiceInDifferentCase() {
        assertThatThrownBy(() -> create("rate", Map.of("rowsPerSecond", "5", "ROWSPERSECOND", "6")))
                .hasMessageContaining("Option 'rowsPerSecond' of format 'rate' is given twice");
    }

    @Test
    void exposesFormatsAndTheirOptions() {
        assertThat(providers.formats()).containsExactly("csv", "json", "kafka", "parquet", "rate", "rate-micro-batch",
                "stream");
        assertThat(providers.of("RATE").options()).containsExactly("rowsPerSecond", "rampUpTime", "numPartitions");
        assertThat(providers.of("rate-micro-batch").options())
                .containsExactly("rowsPerBatch", "numPartitions", "startTimestamp", "advanceMillisPerBatch");
    }

    @Test
    void checksOptionsWhenAskedForTheSchema() {
        assertThat(providers.of("rate").schema(SourceContext.describing(Map.of("rowsPerSecond", "5"), clock)).names())
                .containsExactly("timestamp", "value");
        assertThatThrownBy(() -> providers.of("rate").schema(SourceContext.describing(Map.of("rowsPerSecond", "0"), clock)))
                .isInstanceOf(ArusException.class);
    }

    @Test
    void aRateSourceRestartedFromItsCheckpointCountsFromTheKeptCreationTime() {
        Source fresh = create("rate", Map.of());
        RateSource restarted = (RateSource) providers.of("rate")
                .create(new SourceContext(Map.of(), clock, null, fresh.checkpointMetadata()));

        clock.advanceMillis(5_000);

        assertThat(fresh.checkpointMetadata()).isEqualTo("1000000");
        assertThat(restarted.creationTimeMs()).isEqualTo(1_000_000);
        assertThatThrownBy(() -> providers.of("rate").create(new SourceContext(Map.of(), clock, null, "soon")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'soon' is not a time in ms");
    }
}
