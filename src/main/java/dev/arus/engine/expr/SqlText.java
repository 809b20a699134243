package dev.arus.engine.expr;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.DataType;
import dev.arus.engine.data.DayTimeIntervalType;
import dev.arus.engine.expr.calendar.DateTimeFormats;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;

/**
 * Spark's pretty SQL form of expressions ({@code toPrettySQL}), the one place that formats it so
 * that unresolved and bound expressions name columns the same way. Attributes and literals print
 * bare ({@code value}, {@code a}, {@code 1}); operators are parenthesised ({@code (value % 3)}).
 */
public final class SqlText {

    private SqlText() {
    }

    public static String binary(BinaryOperator operator, String left, String right) {
        return "(" + left + " " + operator.symbol() + " " + right + ")";
    }

    public static String not(String child) {
        return "(NOT " + child + ")";
    }

    public static String negate(String child) {
        return "(- " + child + ")";
    }

    public static String isNull(String child, boolean negated) {
        return "(" + child + (negated ? " IS NOT NULL)" : " IS NULL)");
    }

    public static String in(String value, List<String> list) {
        return "(" + value + " IN (" + String.join(", ", list) + "))";
    }

    public static String cast(String child, DataType target) {
        return "CAST(" + child + " AS " + target.sql() + ")";
    }

    /** {@code extract(YEAR FROM ts)}, the field as written. */
    public static String extract(String field, String source) {
        return "extract(" + field + " FROM " + source + ")";
    }

    /**
     * A literal as Spark's {@code toPrettySQL} prints it: numbers, strings and booleans bare
     * ({@code 1.50}, {@code a}), dates and timestamps typed ({@code DATE '2026-12-01'}), intervals
     * in the ANSI style, binary in hex ({@code X'0A'}).
     */
    public static String literal(Object value, DataType type) {
        if (value == null) {
            return "NULL";
        }
        if (type == AtomicType.DATE) {
            return "DATE '" + value + "'";
        }
        if (type == AtomicType.TIMESTAMP) {
            return "TIMESTAMP '" + DateTimeFormats.formatLiteral(value) + "'";
        }
        if (type instanceof DayTimeIntervalType interval) {
            return ValueText.interval(Expression.Literal.micros((Duration) value), interval);
        }
        if (value instanceof byte[] bytes) {
            return "X'" + HexFormat.of().withUpperCase().formatHex(bytes) + "'";
        }
        return value.toString();
    }

    public static String function(String name, List<String> arguments) {
        return name + "(" + String.join(", ", arguments) + ")";
    }

    /** {@code CASE WHEN c THEN v ... [ELSE e] END}; {@code conditionsAndValues} alternates. */
    public static String caseWhen(List<String> conditionsAndValues, String elseValue) {
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

    /** Spark's {@code If.sql}: {@code (IF(c, a, b))}. */
    public static String ifThenElse(String condition, String value, String elseValue) {
        return "(IF(" + condition + ", " + value + ", " + elseValue + "))";
    }

}
