package dev.arus.engine.data;

/**
 * A named, typed column of a {@link Schema} or a field of a {@link StructType}. A column may
 * carry a {@code qualifier} (null: none), the name of the frame it came from as Spark's
 * {@code Dataset.alias} gives it, so that {@code clicks.ad_id} finds it.
 */
public record Field(String name, DataType type, boolean nullable, String qualifier) {

    public Field(String name, DataType type, boolean nullable) {
        this(name, type, nullable, null);
    }

    /** This column as part of the frame called {@code alias}. */
    public Field qualified(String alias) {
        return new Field(name, type, nullable, alias);
    }

    /** This column, NULL where an outer join finds no match. */
    public Field asNullable() {
        return new Field(name, type, true, qualifier);
    }

    /** Whether this column is {@code name} of the frame {@code alias}, both in any case. */
    public boolean is(String alias, String columnName) {
        return qualifier != null && qualifier.equalsIgnoreCase(alias) && name.equalsIgnoreCase(columnName);
    }
}
