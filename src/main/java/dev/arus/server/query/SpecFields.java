package dev.arus.server.query;

import dev.arus.server.web.JsonPointer;
import dev.arus.server.web.ProblemException;
import dev.arus.server.web.ProblemType;
import java.util.ArrayList;
import java.util.List;

/** The checks of a spec's fields that every engine's translation makes: present, not blank. */
public final class SpecFields {

    private SpecFields() {
    }

    /** {@code value}, refused with the field's pointer when it is missing. */
    public static <T> T required(T value, String pointer) {
        if (value == null) {
            throw ProblemException.at(ProblemType.INVALID_SPEC, pointer, "Field " + pointer + " is required");
        }
        return value;
    }

    /** {@code value}, refused with the field's pointer when it is missing or blank. */
    public static String requireText(String value, String pointer) {
        if (required(value, pointer).isBlank()) {
            throw ProblemException.at(ProblemType.INVALID_SPEC, pointer, "Field " + pointer + " must not be blank");
        }
        return value;
    }

    /** A list of texts, each present and not blank, and with {@code atLeastOne} not empty. */
    public static List<String> texts(List<String> values, String pointer, boolean atLeastOne) {
        required(values, pointer);
        if (atLeastOne && values.isEmpty()) {
            throw ProblemException.at(ProblemType.INVALID_SPEC, pointer, "At least one is required");
        }
        List<String> texts = new ArrayList<>();
        for (int i = 0; i < values.size(); i++) {
            texts.add(requireText(values.get(i), JsonPointer.append(pointer, i)));
        }
        return texts;
    }
}
