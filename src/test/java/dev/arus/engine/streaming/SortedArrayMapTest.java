package dev.arus.engine.streaming;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.AbstractMap.SimpleEntry;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class SortedArrayMapTest {

    private static Map<String, Long> durations() {
        Map<String, Long> durations = new LinkedHashMap<>();
        durations.put("triggerExecution", 12L);
        durations.put("addBatch", 7L);
        durations.put("walCommit", 2L);
        durations.put("latestOffset", 0L);
        return durations;
    }

    @Test
    void iteratesInKeyOrderAndEqualsTheTreeMapOfTheSameEntries() {
        Map<String, Long> map = SortedArrayMap.copyOf(durations());

        assertThat(map.keySet()).containsExactly("addBatch", "latestOffset", "triggerExecution", "walCommit");
        assertThat(map.values()).containsExactly(7L, 0L, 12L, 2L);
        assertThat(map).isEqualTo(new TreeMap<>(durations())).hasSameHashCodeAs(new TreeMap<>(durations()));
        assertThat(map.toString()).isEqualTo("{addBatch=7, latestOffset=0, triggerExecution=12, walCommit=2}");
    }

    @Test
    void findsEveryKeyAndNoOther() {
        Map<String, Long> map = SortedArrayMap.copyOf(durations());

        assertThat(map.get("walCommit")).isEqualTo(2L);
        assertThat(map.get("addBatch")).isEqualTo(7L);
        assertThat(map.containsKey("triggerExecution")).isTrue();
        assertThat(map.get("queryPlanning")).isNull();
        assertThat(map.containsKey(42)).isFalse();
        assertThat(map.getOrDefault("getBatch", -1L)).isEqualTo(-1L);
    }

    @Test
    void mapsOfTheSameKeysShareTheirKeysAndKeepTheirOwnValues() {
        Map<String, Long> later = new HashMap<>(durations());
        later.put("addBatch", 9L);
        Map<String, Long> fewer = new HashMap<>(durations());
        fewer.remove("walCommit");

        SortedArrayMap<Long> first = (SortedArrayMap<Long>) SortedArrayMap.copyOf(durations());
        SortedArrayMap<Long> second = (SortedArrayMap<Long>) SortedArrayMap.copyOf(later);
        SortedArrayMap<Long> third = (SortedArrayMap<Long>) SortedArrayMap.copyOf(fewer);

        assertThat(second.sharesKeysWith(first)).isTrue();
        assertThat(third.sharesKeysWith(first)).isFalse();
        assertThat(first).isEqualTo(new TreeMap<>(durations()));
        assertThat(second).containsExactly(Map.entry("addBatch", 9L), Map.entry("latestOffset", 0L),
                Map.entry("triggerExecution", 12L), Map.entry("walCommit", 2L));
        assertThat(third.keySet()).containsExactly("addBatch", "latestOffset", "triggerExecution");
    }

    @Test
    void keepsNullValuesAsTheTreeMapItReplacesDid() {
        Map<String, String> metrics = new HashMap<>();
        metrics.put("maxOffsetsBehindLatest", null);
        metrics.put("avgOffsetsBehindLatest", "0.0");

        Map<String, String> map = SortedArrayMap.copyOf(metrics);

        assertThat(map).containsExactly(Map.entry("avgOffsetsBehindLatest", "0.0"),
                new SimpleEntry<>("maxOffsetsBehindLatest", null));
        assertThat(map.containsKey("maxOffsetsBehindLatest")).isTrue();
    }

    @Test
    void cannotBeChangedThroughTheMapOrItsEntries() {
        Map<String, Long> map = SortedArrayMap.copyOf(durations());

        assertThatThrownBy(() -> map.put("getBatch", 1L)).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> map.remove("addBatch")).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> map.entrySet().iterator().next().setValue(1L))
                .isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(map::clear).isInstanceOf(UnsupportedOperationException.class);
        assertThat(map).hasSize(4);
    }

    @Test
    void takesKeysAlreadyInKeyOrderAsTheyAreAndRefusesOthers() {
        String[] keys = {"addBatch", "latestOffset", "triggerExecution", "walCommit"};

        Map<String, Long> map = SortedArrayMap.ofSorted(keys, new Long[] {7L, 0L, 12L, 2L});

        assertThat(map).isEqualTo(SortedArrayMap.copyOf(durations())).containsExactlyEntriesOf(new TreeMap<>(durations()));
        assertThat(map.get("triggerExecution")).isEqualTo(12L);
        assertThatThrownBy(() -> SortedArrayMap.ofSorted(new String[] {"walCommit", "addBatch"}, new Long[] {1L, 2L}))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> SortedArrayMap.ofSorted(new String[] {"addBatch", "addBatch"}, new Long[] {1L, 2L}))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> SortedArrayMap.ofSorted(keys, new Long[] {1L}))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void holdsAnEmptyMap() {
        Map<String, Long> map = SortedArrayMap.copyOf(Map.of());

        assertThat(map).isEmpty();
        assertThat(map.entrySet().iterator().hasNext()).isFalse();
        assertThat(map).isEqualTo(Map.of());
    }
}
