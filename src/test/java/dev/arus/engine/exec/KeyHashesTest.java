package dev.arus.engine.exec;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.Field;
import dev.arus.engine.data.Schema;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * Keys land in the state partition Spark's hash partitioning gives them: {@code pmod(hash(key),
 * n)}. The expected partitions are Spark's, from {@code hash(...)} as Spark computes it (for
 * instance {@code SELECT hash(1)} is -559580957, so 1 goes to partition 3 of 5).
 */
class KeyHashesTest {

    private static ColumnVector[] column(AtomicType type, Object... values) {
        ColumnarBatch batch = ColumnarBatch.allocate(new Schema(List.of(new Field("key", type, true))), values.length);
        for (int row = 0; row < values.length; row++) {
            batch.column(0).setObject(row, values[row]);
        }
        batch.setSize(values.length);
        return new ColumnVector[] {batch.column(0)};
    }

    private static List<Integer> partitions(ColumnVector[] keys, int rows, int partitions) {
        return IntStream.range(0, rows).mapToObj(row -> KeyHashes.partitionOf(keys, row, partitions)).toList();
    }

    @Test
    void anIntKeyGoesWhereSparksHashOfTheIntSendsIt() {
        // hash(1..4) = -559580957, 1765031574, -1823081949, -397064898
        assertThat(partitions(column(AtomicType.INT, 1, 2, 3, 4), 4, 5)).containsExactly(3, 4, 1, 2);
    }

    @Test
    void aStringKeyHashesAsItsUtf8BytesAndABigintAsALong() {
        // hash('books') = -1359955700, hash('games') = -1036338911, hash(1L) = -1712319331
        assertThat(partitions(column(AtomicType.STRING, "books", "games"), 2, 2)).containsExactly(0, 1);
        assertThat(partitions(column(AtomicType.LONG, 1L), 1, 3)).containsExactly(Math.floorMod(-1712319331, 3));
    }

    @Test
    void aNullKeyLeavesTheSeedAsItIs() {
        // hash(NULL) = 42, Spark's seed; hash(NULL, 1) = hash(1)
        assertThat(partitions(column(AtomicType.INT, (Object) null), 1, 5)).containsExactly(42 % 5);
        ColumnVector[] nullThenOne = {column(AtomicType.INT, (Object) null)[0], column(AtomicType.INT, 1)[0]};
        assertThat(KeyHashes.partitionOf(nullThenOne, 0, 5)).isEqualTo(3);
    }
}
