package dev.arus.engine.expr.bind;

import dev.arus.engine.data.Field;
import dev.arus.engine.streaming.AnalysisException;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * Finds names among candidates case-insensitively, as Spark does, and words the error when one
 * is missing: the nearest candidate by edit distance when it is close, else the full list.
 */
public final class ColumnResolver {

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

    /**
     * Spark's {@code UNRESOLVED_COLUMN} for the name {@code parts} among the input columns
     * {@code candidates}: {@code [UNRESOLVED_COLUMN.WITH_SUGGESTION] A column, variable, or
     * function parameter with name `evnt_time` cannot be resolved. Did you mean one of the
     * following? [`event_time`, `value`]. SQLSTATE: 42703}, the five nearest columns first
     * ({@link #suggestions}); {@code WITHOUT_SUGGESTION} when there is no column at all.
     */
    public static AnalysisException unresolvedColumn(List<String> parts, List<Field> candidates, int position,
            String expression) {
        List<String> suggestions = suggestions(parts, candidates);
        String errorClass = "UNRESOLVED_COLUMN." + (suggestions.isEmpty() ? "WITHOUT_SUGGESTION" : "WITH_SUGGESTION");
        String message = "[" + errorClass + "] A column, variable, or function parameter with name "
                + quotedParts(parts) + " cannot be resolved." + (suggestions.isEmpty() ? ""
                : " Did you mean one of the following? [" + String.join(", ", suggestions.subList(0,
                Math.min(5, suggestions.size()))) + "].") + " SQLSTATE: 42703";
        return new AnalysisException(errorClass, message, position, expression);
    }

    /**
     * Spark's {@code StringUtils.orderSuggestedIdentifiersBySimilarity}: each candidate as
     * {@code qualifier.name}, the qualifier dropped when the name is of one part and every
     * candidate has the same qualifier (Spark's other case, dropping all but the last two parts,
     * leaves Arus's one-part qualifiers as they are), quoted, and ordered by Levenshtein distance
     * of the quoted candidate from the name as written ({@code a.b}, parts quoted only where
     * needed), ties in column order.
     */
    static List<String> suggestions(List<String> parts, List<Field> candidates) {
        List<List<String>> names = candidates.stream().map(field -> field.qualifier() == null
                ? List.of(field.name()) : List.of(field.qualifier(), field.name())).toList();
        long qualifiers = names.stream().map(name -> name.subList(0, name.size() - 1)).distinct().count();
        List<List<String>> stripped = parts.size() == 1 && qualifiers == 1
                ? names.stream().map(name -> name.subList(name.size() - 1, name.size())).toList()
                : names; // every qualifier is one part: dropping two leaves nothing to tell them apart by
        String written = parts.stream().map(ColumnResolver::quotedIfNeeded).collect(Collectors.joining("."));
        return stripped.stream().map(ColumnResolver::quotedParts)
                .sorted(Comparator.comparingInt(candidate -> editDistance(candidate, written))).toList();
    }

    /** Spark's {@code toSQLId} of a multi-part name: {@code `a`.`b`}. */
    static String quotedParts(List<String> parts) {
        return parts.stream().map(part -> "`" + part.replace("`", "``") + "`").collect(Collectors.joining("."));
    }

    /** Spark's {@code quoteIfNeeded}: a part of letters, digits and underscores (not all digits) as is, else quoted. */
    private static String quotedIfNeeded(String part) {
        return part.matches("[a-zA-Z0-9_]+") && !part.matches("\\d+") ? part : "`" + part.replace("`", "``") + "`";
    }

    /** {@code cannot resolve field 'window.strat' at position 5; did you mean 'window.start'?}, and functions so. */
    public static AnalysisException unresolved(String kind, String name, Collection<String> candidates, int position,
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
