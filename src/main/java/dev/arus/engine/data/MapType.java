package dev.arus.engine.data;

/**
 * Spark's {@code MapType}: entries of a key and a value. Keys are never NULL;
 * {@code valueContainsNull} says whether a value may be, which the DDL {@code MAP<K, V>} allows.
 */
public record MapType(DataType keyType, DataType valueType, boolean valueContainsNull) implements DataType {

    public MapType {
        if (keyType == null || valueType == null) {
            throw new IllegalArgumentException("a map type needs a key type and a value type");
        }
    }

    /** {@code map<string,int>}: Spark writes no space after the comma here. */
    @Override
    public String simpleString() {
        return "map<" + keyType.simpleString() + "," + valueType.simpleString() + ">";
    }

    /** {@code MAP<STRING, INT>}: and a space here. */
    @Override
    public String sql() {
        return "MAP<" + keyType.sql() + ", " + valueType.sql() + ">";
    }
}
