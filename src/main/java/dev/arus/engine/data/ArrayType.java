package dev.arus.engine.data;

/**
 * Spark's {@code ArrayType}: a list of values of one type. {@code containsNull} says whether an
 * element may be NULL; the DDL {@code ARRAY<INT>} allows it, as Spark's does.
 */
public record ArrayType(DataType elementType, boolean containsNull) implements DataType {

    public ArrayType {
        if (elementType == null) {
            throw new IllegalArgumentException("an array type needs an element type");
        }
    }

    @Override
    public String simpleString() {
        return "array<" + elementType.simpleString() + ">";
    }

    @Override
    public String sql() {
        return "ARRAY<" + elementType.sql() + ">";
    }
}
