package dev.arus.engine.data;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class ArrayVectorTest {

    private static final ArrayType INTS = new ArrayType(AtomicType.INT, true);

    @Test
    void givesRowsAsListsWithNullElements() {
        ArrayVector vector = (ArrayVector) ColumnVector.allocate(INTS, 4);
        vector.setObject(0, List.of(1, 2));
        vector.setObject(1, null);
        vector.setObject(2, Arrays.asList(3, null));
        vector.setObject(3, List.of());

        assertThat(vector.getObject(0)).isEqualTo(List.of(1, 2));
        assertThat(vector.getObject(1)).isNull();
        assertThat(vector.getObject(2)).isEqualTo(Arrays.asList(3, null));
        assertThat(vector.getObject(3)).isEqualTo(List.of());
    }

    @Test
    void writesRowsInAnyOrderIntoOneElementVector() {
        ArrayVector vector = new ArrayVector(INTS, 2);
        LongVector elements = (LongVector) vector.elements();
        int second = vector.appendRow(1, 1);
        elements.values()[second] = 9;
        int first = vector.appendRow(0, 2);
        elements.values()[first] = 7;
        elements.values()[first + 1] = 8;

        assertThat(vector.getObject(0)).isEqualTo(List.of(7, 8));
        assertThat(vector.getObject(1)).isEqualTo(List.of(9));
        assertThat(vector.start(0)).isEqualTo(1);
        assertThat(vector.length(0)).isEqualTo(2);
    }

    @Test
    void growsItsElementsBeyondTheRowCapacity() {
        ArrayVector vector = new ArrayVector(INTS, 1);
        List<Integer> many = java.util.stream.IntStream.range(0, 100).boxed().toList();
        vector.setObject(0, many);

        assertThat(vector.getObject(0)).isEqualTo(many);
    }

    @Test
    void startsEmptyAgainAfterResetNulls() {
        ArrayVector vector = new ArrayVector(INTS, 1);
        vector.setObject(0, Arrays.asList(1, null));
        vector.resetNulls();
        int start = vector.appendRow(0, 1);
        ((LongVector) vector.elements()).values()[start] = 5;

        assertThat(start).isZero();
        assertThat(vector.getObject(0)).isEqualTo(List.of(5));
    }

    @Test
    void copiesRowsDeeply() {
        ArrayType nested = new ArrayType(INTS, true);
        ArrayVector source = new ArrayVector(nested, 1);
        source.setObject(0, List.of(List.of(1), List.of(2, 3)));
        ArrayVector target = new ArrayVector(nested, 2);
        source.copyRow(0, target, 1);
        target.setNull(0);

        assertThat(target.getObject(1)).isEqualTo(List.of(List.of(1), List.of(2, 3)));
        assertThat(target.getObject(0)).isNull();
    }

    @Test
    void compactsSelectedRows() {
        ArrayVector source = new ArrayVector(INTS, 3);
        source.setObject(0, List.of(1));
        source.setObject(1, List.of(2));
        source.setObject(2, List.of(3));
        ArrayVector target = new ArrayVector(INTS, 3);

        int kept = target.compact(source, new boolean[] {true, false, true}, 3);

        assertThat(kept).isEqualTo(2);
        assertThat(target.getObject(0)).isEqualTo(List.of(1));
        assertThat(target.getObject(1)).isEqualTo(List.of(3));
    }
}
