package dev.arus.engine.data;

import java.util.List;
import java.util.stream.Collectors;

/** A struct of named fields, such as the {@code window} column {@code {start, end}}. */
public record StructType(List<Field> fields) implements DataType {

    /** Spark's type of a time window: {@code struct<start:timestamp,end:timestamp>}. */
    public static final StructType WINDOW = new StructType(List.of(
            new Field("start", AtomicType.TIMESTAMP, true),
            new Field("end", AtomicType.TIMESTAMP, true)));

    public StructType {
        fields = List.copyOf(fields);
    }

    /** The index of the field with this name (case-insensitive, as Spark resolves), or -1. */
    public int indexOf(String name) {
        for (int i = 0; i < fields.size(); i++) {
            if (fields.get(i).name().equalsIgnoreCase(name)) {
                return i;
            }
        }
        return -1;
    }

    @Override
    public String simpleString() {
        return fields.stream()
                .map(f -> f.name() + ":" + f.type().simpleString())
                .collect(Collectors.joining(",", "struct<", ">"));
    }

    /** {@code STRUCT<a: INT, `b c`: STRING>}: names back-quoted when they are not plain identifiers. */
    @Override
    public String sql() {
        return fields.stream()
                .map(f -> quoteIfNeeded(f.name()) + ": " + f.type().sql())
                .collect(Collectors.joining(", ", "STRUCT<", ">"));
    }

    /** Spark's {@code QuotingUtils.quoteIfNeeded}. */
    public static String quoteIfNeeded(String name) {
        if (name.matches("[a-zA-Z0-9_]+") && !name.matches("\\d+")) {
            return name;
        }
        return "`" + name.replace("`", "``") + "`";
    }
}
