package dev.arus.engine.data;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MapVectorTest {

    private static final MapType STRING_TO_INT = new MapType(AtomicType.STRING, AtomicType.INT, true);

    @Test
    void givesRowsAsMapsInInsertionOrder() {
        Map<String, Integer> entries = new LinkedHashMap<>();
        entries.put("b", 2);
        entries.put("a", null);
        MapVector vector = (MapVector) ColumnVector.allocate(STRING_TO_INT, 2);
        vector.setObject(0, entries);
        vector.setObject(1, null);

        assertThat(vector.getObject(0)).isEqualTo(entries);
        assertThat(List.copyOf(((Map<?, ?>) vector.getObject(0)).keySet())).isEqualTo(List.of("b", "a"));
        assertThat(vector.getObject(1)).isNull();
    }

    @Test
    void appendsEntriesToSharedKeyAndValueVectors() {
        MapVector vector = new MapVector(STRING_TO_INT, 1);
        int start = vector.appendRow(0, 1);
        ((StringVector) vector.keys()).values()[start] = "k";
        ((LongVector) vector.values()).values()[start] = 3;

        assertThat(vector.getObject(0)).isEqualTo(Map.of("k", 3));
        assertThat(vector.length(0)).isEqualTo(1);
    }

    @Test
    void copiesRowsAndForgetsEntriesOnReset() {
        MapVector source = new MapVector(STRING_TO_INT, 1);
        source.setObject(0, Map.of("x", 1));
        MapVector target = new MapVector(STRING_TO_INT, 1);
        source.copyRow(0, target, 0);
        assertThat(target.getObject(0)).isEqualTo(Map.of("x", 1));

        target.resetNulls();
        assertThat(target.appendRow(0, 0)).isZero();
    }

    /**
     * A map whose values are arrays keeps its keys and its values' own slices apart when rows are
     * copied out of order, past the children's first capacity, with NULL values, an empty map
     * and a NULL one, into a target emptied and used again.
     */
    @Test
    void copiesMapsOfArraysDeeplyPastTheChildrensCapacityIntoAReusedTarget() {
        MapType type = new MapType(AtomicType.STRING, new ArrayType(AtomicType.INT, true), true);
        MapVector source = new MapVector(type, 4);
        Map<String, List<Integer>> big = new LinkedHashMap<>();
        for (int i = 0; i < 40; i++) {
            big.put("k" + i, List.of(i, i + 1));
        }
        big.put("none", null);
        Map<String, List<Integer>> small = new LinkedHashMap<>();
        small.put("a", List.of());
        small.put("b", Arrays.asList(7, null));
        source.setObject(0, small);
        source.setObject(1, big);
        source.setObject(2, null);
        source.setObject(3, Map.of());
        MapVector target = new MapVector(type, 4);
        target.setObject(0, big);

        for (int round = 0; round < 2; round++) {
            target.resetNulls();
            target.gather(source, new int[] {3, 1, 2, 0}, 4, 0);

            assertThat(target.getObject(0)).isEqualTo(Map.of());
            assertThat(target.getObject(1)).isEqualTo(big);
            assertThat(target.getObject(2)).isNull();
            assertThat(target.getObject(3)).isEqualTo(small);
        }
    }
}
