package dev.arus.engine.source;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class PartitionOffsetsTest {

    @Test
    void serialisesAsSparksKafkaSourceOffsetWithPartitionsInOrder() {
        PartitionOffsets offsets = new PartitionOffsets("orders", new TreeMap<>(Map.of(10, 7L, 0, 23L, 2, 5L)));

        assertThat(offsets.json()).isEqualTo("{\"orders\":{\"0\":23,\"2\":5,\"10\":7}}");
    }

    @Test
    void readsBackWhatItWrote() {
        PartitionOffsets offsets = new PartitionOffsets("orders", new TreeMap<>(Map.of(0, 23L, 1, 5L)));

        assertThat(PartitionOffsets.parse(offsets.json())).isEqualTo(offsets);
        assertThat(PartitionOffsets.parse(" { \"orders\" : { \"1\" : 5 , \"0\" : 23 } } ")).isEqualTo(offsets);
    }

    @Test
    void aPartitionItDoesNotKnowStartsAtZero() {
        PartitionOffsets offsets = PartitionOffsets.parse("{\"orders\":{\"0\":23}}");

        assertThat(offsets.offset(0)).isEqualTo(23);
        assertThat(offsets.offset(3)).isZero();
    }

    @Test
    void refusesWhatIsNotOneStreamsOffsets() {
        assertThatThrownBy(() -> PartitionOffsets.parse("{\"orders\":5}")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> PartitionOffsets.parse("{\"a\":{\"0\":1},\"b\":{\"0\":1}}"))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> PartitionOffsets.parse("{\"orders\":{\"x\":1}}"))
                .hasMessageContaining("partition 'x'");
        assertThatThrownBy(() -> PartitionOffsets.parse("{\"orders\":{\"0\":\"1\"}}"))
                .hasMessageContaining("partition '0'");
    }
}
