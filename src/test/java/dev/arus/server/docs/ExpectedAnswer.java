package dev.arus.server.docs;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * An answer as a page of the documentation shows it, and what an actual answer must have to match
 * it. The page may leave things out with {@code …}: {@code , …} at the end of an object or array
 * stands for fields or elements not shown, and {@code …} inside a string for any text there
 * ({@code "3f0c…"} is any id starting {@code 3f0c}). The fields shown must be the answer's, with
 * equal values, or, for an answer whose values differ from run to run, with values of the same
 * JSON types ({@code shapeOnly}); an object or array shown must have all the answer's fields or
 * elements, unless it ends with {@code , …}.
 */
final class ExpectedAnswer {

    private static final String ELIDED = "…";
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final JsonNode shown;
    private final boolean shapeOnly;

    ExpectedAnswer(String shownText, boolean shapeOnly) {
        this.shown = JSON.readTree(shownText.replaceAll(",\\s*…\\s*]", ", \"" + ELIDED + "\"]")
                .replaceAll(",\\s*…\\s*}", ", \"" + ELIDED + "\": true}"));
        this.shapeOnly = shapeOnly;
    }

    /** How {@code answer} differs from the answer shown, each as a JSON pointer and what differs; empty when it matches. */
    List<String> differences(String answer) {
        List<String> differences = new ArrayList<>();
        JsonNode actual;
        try {
            actual = JSON.readTree(answer);
        } catch (RuntimeException notJson) {
            differences.add("the answer is not JSON: " + answer);
            return differences;
        }
        compare("", shown, actual, differences);
        return differences;
    }

    private void compare(String pointer, JsonNode expected, JsonNode actual, List<String> differences) {
        String at = pointer.isEmpty() ? "/" : pointer;
        if (actual == null || actual.isMissingNode()) {
            differences.add(at + ": missing");
        } else if (expected.isObject()) {
            if (!actual.isObject()) {
                differences.add(at + ": an object was shown, the answer has " + actual);
                return;
            }
            for (Map.Entry<String, JsonNode> field : expected.properties()) {
                if (!field.getKey().equals(ELIDED)) {
                    compare(pointer + "/" + field.getKey(), field.getValue(), actual.get(field.getKey()), differences);
                }
            }
            if (!expected.has(ELIDED)) {
                actual.propertyNames().stream().filter(name -> !expected.has(name))
                        .forEach(name -> differences.add(pointer + "/" + name + ": in the answer, not shown"));
            }
        } else if (expected.isArray()) {
            if (!actual.isArray()) {
                differences.add(at + ": an array was shown, the answer has " + actual);
                return;
            }
            int shownElements = expected.size();
            boolean open = shownElements > 0 && ELIDED.equals(expected.get(shownElements - 1).stringValue(null));
            if (open) {
                shownElements--;
            }
            if (shapeOnly ? actual.size() < Math.min(shownElements, 1) : open ? actual.size() < shownElements
                    : actual.size() != shownElements) {
                differences.add(at + ": " + shownElements + " elements shown, the answer has " + actual.size());
            }
            for (int i = 0; i < Math.min(shownElements, actual.size()); i++) {
                compare(pointer + "/" + i, expected.get(i), actual.get(i), differences);
            }
        } else if (shapeOnly) {
            if (!expected.isNull() && !actual.isNull() && expected.getNodeType() != actual.getNodeType()) {
                differences.add(at + ": a " + expected.getNodeType() + " was shown, the answer has " + actual);
            }
        } else if (expected.isString() && expected.stringValue().contains(ELIDED)) {
            String[] around = expected.stringValue().split(ELIDED, 2);
            String value = actual.isString() ? actual.stringValue() : null;
            if (value == null || !value.startsWith(around[0]) || !value.endsWith(around[1])) {
                differences.add(at + ": " + expected + " was shown, the answer has " + actual);
            }
        } else if (expected.isNumber() && actual.isNumber() ? expected.decimalValue().compareTo(actual.decimalValue()) != 0
                : !expected.equals(actual)) {
            differences.add(at + ": " + expected + " was shown, the answer has " + actual);
        }
    }
}
