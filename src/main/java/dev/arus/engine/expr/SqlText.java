package dev.arus.engine.expr;

import dev.arus.engine.data.AtomicType;
import java.util.List;
import java.util.Locale;

/**
 * Spark's pretty SQL form of expressions ({@code toPrettySQL}), the one place that formats it so
 * that unresolved and bound expressions name columns the same way. Attributes and literals print
 * bare ({@code value}, {@code a}, {@code 1}); operators are parenthesised ({@code (value % 3)}).
 */
final class SqlText {

    private SqlText() {
    }

    static String binary(BinaryOperator operator, String left, String right) {
        return "(" + left + " " + operator.symbol() + " " + right + ")";
    }

    static String not(String child) {
        return "(NOT " + child + ")";
    }

    static String negate(String child) {
        return "(- " + child + ")";
    }

    static String isNull(String child, boolean negated) {
        return "(" + child + (negated ? " IS NOT NULL)" : " IS NULL)");
    }

    static String in(String value, List<String> list) {
        return "(" + value + " IN (" + String.join(", ", list) + "))";
    }

    static String cast(String child, AtomicType target) {
        return "CAST(" + child + " AS " + typeName(target) + ")";
    }

    static String function(String name, List<String> arguments) {
        return name + "(" + String.join(", ", arguments) + ")";
    }

    /** {@code CASE WHEN c THEN v ... [ELSE e] END}; {@code conditionsAndValues} alternates. */
    static String caseWhen(List<String> conditionsAndValues, String elseValue) {
        StringBuilder text = new StringBuilder("CASE");
        for (int i = 0; i < conditionsAndValues.size(); i += 2) {
            text.append(" WHEN ").append(conditionsAndValues.get(i))
                    .append(" THEN ").append(conditionsAndValues.get(i + 1));
        }
        if (elseValue != null) {
            text.append(" ELSE ").append(elseValue);
        }
        return text.append(" END").toString();
    }

    /** The SQL name of a type as Spark prints it in a CAST: {@code BIGINT}, {@code TIMESTAMP}. */
    static String typeName(AtomicType type) {
        return type.simpleString().toUpperCase(Locale.ROOT);
    }
}
