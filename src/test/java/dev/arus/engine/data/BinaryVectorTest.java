package dev.arus.engine.data;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class BinaryVectorTest {

    @Test
    void holdsByteArraysAndNulls() {
        BinaryVector vector = (BinaryVector) ColumnVector.allocate(AtomicType.BINARY, 2);
        vector.setObject(0, new byte[] {0x41, 0x42});
        vector.setObject(1, null);

        assertThat((byte[]) vector.getObject(0)).containsExactly(0x41, 0x42);
        assertThat(vector.getObject(1)).isNull();
    }

    @Test
    void copiesRowsAndGrows() {
        BinaryVector source = new BinaryVector(1);
        source.setObject(0, new byte[] {1});
        BinaryVector target = new BinaryVector(1);
        target.ensureCapacity(3);
        source.copyRow(0, target, 2);

        assertThat(target.capacity()).isEqualTo(3);
        assertThat((byte[]) target.getObject(2)).containsExactly(1);
    }
}
