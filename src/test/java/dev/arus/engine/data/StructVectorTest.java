package dev.arus.engine.data;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class StructVectorTest {

    private static final StructType TYPE = new StructType(List.of(
            new Field("n", AtomicType.INT, true), new Field("tags", new ArrayType(AtomicType.STRING, true), true)));

    @Test
    void givesRowsAsRowsOfItsFields() {
        StructVector vector = (StructVector) ColumnVector.allocate(TYPE, 2);
        Schema fields = new Schema(TYPE.fields());
        vector.setObject(0, new Row(fields, new Object[] {1, List.of("a")}));
        vector.setObject(1, null);

        assertThat(vector.getObject(0)).isEqualTo(new Row(fields, new Object[] {1, List.of("a")}));
        assertThat(vector.getObject(1)).isNull();
    }

    @Test
    void resetsTheElementsOfItsChildren() {
        StructVector vector = (StructVector) ColumnVector.allocate(TYPE, 1);
        ArrayVector tags = (ArrayVector) vector.child(1);
        tags.setObject(0, List.of("a", "b"));
        vector.resetNulls();

        assertThat(tags.appendRow(0, 0)).isZero();
    }

    @Test
    void aViewShowsOtherVectorsWithoutCopyingOrResettingThem() {
        LongVector numbers = new LongVector(AtomicType.INT, 2);
        numbers.values()[1] = 42;
        numbers.setNull(0);
        ArrayVector tags = new ArrayVector(new ArrayType(AtomicType.STRING, true), 2);
        tags.setObject(0, List.of());
        tags.setObject(1, List.of("x"));
        StructVector view = StructVector.view(TYPE);
        view.setChild(0, numbers);
        view.setChild(1, tags);
        view.resetNulls();

        assertThat(view.capacity()).isEqualTo(2);
        assertThat(((Row) view.getObject(1)).values()).containsExactly(42, List.of("x"));
        assertThat(numbers.isNull(0)).isTrue();
        assertThatThrownBy(() -> view.ensureCapacity(10)).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void aStructWithoutFieldsKeepsACapacityOfItsOwn() {
        StructVector empty = (StructVector) ColumnVector.allocate(new StructType(List.of()), 3);
        empty.setNull(2);

        assertThat(empty.capacity()).isEqualTo(3);
        assertThat(empty.getObject(1)).isEqualTo(new Row(new Schema(List.of()), new Object[0]));
        assertThat(empty.getObject(2)).isNull();
    }
}
