package dev.arus.engine.expr.json;

import dev.arus.engine.data.Field;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The position of a struct's field by its name in a JSON object, guessing first the field after
 * the one found last: the records of one source nearly always list their fields in the schema's
 * order, so the guess is one string comparison where a hash lookup would hash the name. Where the
 * schema repeats a name, the last of them is the one found, as a hash map of the names gives it.
 * Not thread-safe: one per reader.
 */
final class JsonFieldIndex {

    private final String[] guessable;
    private final Map<String, Integer> byName = new HashMap<>();
    private int next;

    JsonFieldIndex(List<Field> fields) {
        guessable = new String[fields.size()];
        for (int i = 0; i < fields.size(); i++) {
            byName.put(fields.get(i).name(), i);
        }
        byName.forEach((name, index) -> guessable[index] = name);
    }

    /** Starts an object: the first name is guessed to be the first field's. */
    void startObject() {
        next = 0;
    }

    /** The position of the field named {@code name}, or -1. */
    int indexOf(String name) {
        int guess = next;
        if (guess < guessable.length) {
            String expected = guessable[guess];
            if (expected == name || name.equals(expected)) {
                next = guess + 1;
                return guess;
            }
        }
        Integer found = byName.get(name);
        if (found == null) {
            return -1;
        }
        next = found + 1;
        return found;
    }
}
