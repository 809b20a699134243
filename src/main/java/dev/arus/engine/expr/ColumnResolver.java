package dev.arus.engine.expr;

import dev.arus.engine.data.Field;
import dev.arus.engine.streaming.AnalysisException;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * Finds names among candidates case-insensitively, as Spark does, and words the error when one
 * is missing: the nearest candidate by edit distance when it is close, else the full list.
 */
final class ColumnResolver {

    private ColumnResolver() {
    }

    static int indexOf(List<Field> fields, String name) {
        for (int i = 0; i < fields.size(); i++) {
            if (fields.get(i).name().equalsIgnoreCase(name)) {
                return i;
            }
        }
        return -1;
    }

    /** {@code cannot resolve column 'evnt_time' at position 5; did you mean 'event_time'?} */
    static AnalysisException unresolved(String kind, String name, Collection<String> candidates, int position,
            String expression) {
        String nearest = nearest(name, candidates);
        String where = position >= 0 ? " at position " + position : "";
        String message = "cannot resolve " + kind + " '" + name + "'" + where + (nearest != null
                ? "; did you mean '" + nearest + "'?"
                : "; available: " + candidates.stream().map(c -> "'" + c + "'").collect(Collectors.joining(", ")));
        String errorClass = kind.startsWith("function") ? "UNRESOLVED_ROUTINE"
                : nearest != null ? "UNRESOLVED_COLUMN.WITH_SUGGESTION" : "UNRESOLVED_COLUMN.WITHOUT_SUGGESTION";
        return new AnalysisException(errorClass, message, position, expression);
    }

    /** The closest candidate when it is within a third of the name's length (at least 2 edits). */
    static String nearest(String name, Collection<String> candidates) {
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        String lowered = name.toLowerCase(Locale.ROOT);
        for (String candidate : candidates) {
            int distance = editDistance(lowered, candidate.toLowerCase(Locale.ROOT));
            if (distance < bestDistance) {
                best = candidate;
                bestDistance = distance;
            }
        }
        return bestDistance <= Math.max(2, name.length() / 3) ? best : null;
    }

    /** Levenshtein distance: insertions, deletions and substitutions each cost one. */
    static int editDistance(String a, String b) {
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int substitution = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                current[j] = Math.min(substitution, Math.min(previous[j], current[j - 1]) + 1);
            }
            int[] swap = previous;
            previous = current;
            current = swap;
        }
        return previous[b.length()];
    }
}
