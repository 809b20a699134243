package dev.arus.engine.files;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The checkpoint files' one-line objects: Spark's exact text out, and only its three kinds of value back in. */
class FlatJsonTest {

    @Test
    void writesSparksOffsetMetadataLineCompactlyInTheOrderGiven() {
        Map<String, Object> conf = new LinkedHashMap<>();
        conf.put("spark.sql.shuffle.partitions", "2");
        conf.put("spark.sql.streaming.multipleWatermarkPolicy", "min");
        Map<String, Object> metadata = new LinkedHashMap<>();
        metadata.put("batchWatermarkMs", 0);
        metadata.put("batchTimestampMs", 1_700_000_000_000L);
        metadata.put("conf", conf);

        String line = FlatJson.write(metadata);

        assertThat(line).isEqualTo("{\"batchWatermarkMs\":0,\"batchTimestampMs\":1700000000000,\"conf\":"
                + "{\"spark.sql.shuffle.partitions\":\"2\",\"spark.sql.streaming.multipleWatermarkPolicy\":\"min\"}}");
        assertThat(FlatJson.parse(line)).containsExactly(Map.entry("batchWatermarkMs", 0L),
                Map.entry("batchTimestampMs", 1_700_000_000_000L), Map.entry("conf", conf));
    }

    @Test
    void aStringKeepsQuotesBackslashesControlCharactersAndNonAsciiThroughARoundTrip() {
        String path = "file:/data/out \"x\"\\y\n\tz\u0001 é";

        String line = FlatJson.write(Map.of("path", path));

        assertThat(line).doesNotContain("\n").contains("\\\"x\\\"", "\\\\y", "\\n", "\\t", " é");
        assertThat(FlatJson.parse(line)).containsExactly(Map.entry("path", path));
        assertThat(FlatJson.parse(" {\"a\" : \"\\u0041\" , \"b\":{} } ")).containsExactly(Map.entry("a", "A"),
                Map.entry("b", Map.of()));
    }

    @Test
    void anythingButAnObjectOfStringsIntegersAndObjectsIsRefusedSayingWhere() {
        assertThatIllegalArgumentException().isThrownBy(() -> FlatJson.parse("{\"a\":1} x"))
                .withMessageContaining("position");
        assertThatIllegalArgumentException().isThrownBy(() -> FlatJson.parse("{\"a\":1.5}"))
                .withMessage("expected a string, an integer or an object at position 5");
        assertThatIllegalArgumentException().isThrownBy(() -> FlatJson.parse("{\"a\":[1]}"))
                .withMessage("expected a string, an integer or an object at position 5");
        assertThatIllegalArgumentException().isThrownBy(() -> FlatJson.parse("[1]"))
                .withMessage("expected an object at position 0");
        assertThatIllegalArgumentException().isThrownBy(() -> FlatJson.parse("{\"a\":\"b"))
                .withMessageContaining("position");
        assertThatIllegalArgumentException().isThrownBy(() -> FlatJson.parse("")).withMessageContaining("position");
    }
}
