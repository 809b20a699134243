package dev.arus.engine.data;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@link ColumnVector#copyFirst}: the first rows of a vector after a target's rows, as a gather of
 * rows {@code 0, 1, ...} copies them, values and NULLs, whether the vectors hold NULLs (a row at a
 * time) or not (a block copy where the vector has one).
 */
class CopyFirstTest {

    private static Object value(AtomicType type, int i) {
        return switch (type) {
            case LONG -> (long) i;
            case DOUBLE -> i + 0.5;
            case STRING -> "s" + i;
            case BOOLEAN -> i % 2 == 0;
            default -> throw new IllegalArgumentException(type.toString());
        };
    }

    private static ColumnVector vector(AtomicType type, Object... values) {
        ColumnVector vector = ColumnVector.allocate(type, values.length + 4);
        for (int row = 0; row < values.length; row++) {
            vector.setObject(row, values[row]);
        }
        return vector;
    }

    private static List<Object> rows(ColumnVector vector, int count) {
        return IntStream.range(0, count).mapToObj(vector::getObject).toList();
    }

    @ParameterizedTest
    @EnumSource(value = AtomicType.class, names = {"LONG", "DOUBLE", "STRING", "BOOLEAN"})
    void copiesTheFirstRowsAfterTheTargetsWithoutNulls(AtomicType type) {
        ColumnVector source = vector(type, value(type, 1), value(type, 2), value(type, 3));
        ColumnVector target = vector(type, value(type, 7));

        target.copyFirst(source, 2, 1);

        assertThat(rows(target, 3)).containsExactly(value(type, 7), value(type, 1), value(type, 2));
    }

    @ParameterizedTest
    @EnumSource(value = AtomicType.class, names = {"LONG", "DOUBLE", "STRING", "BOOLEAN"})
    void copiesTheSourcesNulls(AtomicType type) {
        ColumnVector source = vector(type, value(type, 1), null, value(type, 3));
        ColumnVector target = vector(type, value(type, 7));

        target.copyFirst(source, 3, 1);

        assertThat(rows(target, 4)).containsExactlyElementsOf(Arrays.asList(value(type, 7), value(type, 1), null,
                value(type, 3)));
    }

    @ParameterizedTest
    @EnumSource(value = AtomicType.class, names = {"LONG", "DOUBLE", "STRING", "BOOLEAN"})
    void copiesValuesOverTheTargetsNulls(AtomicType type) {
        ColumnVector source = vector(type, value(type, 1), value(type, 2));
        ColumnVector target = vector(type, null, null, null, value(type, 9));

        target.copyFirst(source, 2, 1);

        assertThat(rows(target, 4)).containsExactlyElementsOf(Arrays.asList(null, value(type, 1), value(type, 2),
                value(type, 9)));
    }
}
