package dev.arus.engine.data;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/** The ordered columns of a stream or a batch. Names resolve case-insensitively, as in Spark. */
public record Schema(List<Field> fields) {

    public Schema {
        fields = List.copyOf(fields);
    }

    public static Schema of(Field... fields) {
        return new Schema(List.of(fields));
    }

    public int size() {
        return fields.size();
    }

    public Field field(int index) {
        return fields.get(index);
    }

    /** The index of the column with this name, or -1. */
    public int indexOf(String name) {
        for (int i = 0; i < fields.size(); i++) {
            if (fields.get(i).name().equalsIgnoreCase(name)) {
                return i;
            }
        }
        return -1;
    }

    public List<String> names() {
        return fields.stream().map(Field::name).toList();
    }

    /** This schema with {@code field} replacing the column of the same name, or appended. */
    public Schema withField(Field field) {
        List<Field> copy = new ArrayList<>(fields);
        int index = indexOf(field.name());
        if (index >= 0) {
            copy.set(index, field);
        } else {
            copy.add(field);
        }
        return new Schema(copy);
    }

    /** Spark's {@code simpleString} of the schema, used in messages. */
    @Override
    public String toString() {
        return fields.stream()
                .map(f -> f.name() + ":" + f.type().simpleString())
                .collect(Collectors.joining(",", "struct<", ">"));
    }
}
