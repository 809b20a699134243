package dev.arus.engine.data;

/** A named, typed column of a {@link Schema} or a field of a {@link StructType}. */
public record Field(String name, DataType type, boolean nullable) {
}
