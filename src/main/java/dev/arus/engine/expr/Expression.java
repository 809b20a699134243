package dev.arus.engine.expr;

import dev.arus.engine.data.AtomicType;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * An unresolved expression: what the user wrote, before names are looked up in a schema and types
 * are checked (that is {@link ExpressionAnalyzer}'s job). Every node knows the 0-based character
 * offset where it starts in the text it was parsed from, or -1 when it was built in code through
 * {@code Column}. {@link #sql()} is Spark's pretty SQL form, which names unaliased columns.
 */
public sealed interface Expression {

    int position();

    String sql();

    /** The expressions this one is made of, in order; none for a leaf. */
    List<Expression> children();

    /** A column, or a field of a struct column when there are several parts: {@code window.start}. */
    record ColumnReference(List<String> nameParts, int position) implements Expression {
        public ColumnReference {
            nameParts = List.copyOf(nameParts);
        }

        @Override
        public String sql() {
            return String.join(".", nameParts);
        }

        @Override
        public List<Expression> children() {
            return List.of();
        }
    }

    /**
     * A constant. {@code value} is an {@code Integer}, {@code Long}, {@code Double},
     * {@code String}, {@code Boolean} or null (of type {@code NULL}); {@code text} is how Spark
     * prints it in column names: {@code 1}, {@code a} for {@code 'a'}, {@code true}, {@code NULL}.
     */
    record Literal(Object value, AtomicType type, String text, int position) implements Expression {
        public static Literal of(Object value, int position) {
            if (value == null) {
                return new Literal(null, AtomicType.NULL, "NULL", position);
            }
            Object normalised = value instanceof Float f ? Double.valueOf(f)
                    : value instanceof Short || value instanceof Byte ? ((Number) value).intValue()
                    : value;
            return new Literal(normalised, typeOf(normalised), normalised.toString(), position);
        }

        private static AtomicType typeOf(Object value) {
            if (value instanceof Integer) {
                return AtomicType.INT;
            } else if (value instanceof Long) {
                return AtomicType.LONG;
            } else if (value instanceof Double) {
                return AtomicType.DOUBLE;
            } else if (value instanceof String) {
                return AtomicType.STRING;
            } else if (value instanceof Boolean) {
                return AtomicType.BOOLEAN;
            }
            throw new IllegalArgumentException(
                    "unsupported literal type " + value.getClass().getName() + " (" + value + ")");
        }

        @Override
        public String sql() {
            return text;
        }

        @Override
        public List<Expression> children() {
            return List.of();
        }
    }

    /** A day-time interval constant, such as {@code INTERVAL '4' SECOND}, in microseconds. */
    record IntervalLiteral(long micros, String text, int position) implements Expression {
        @Override
        public String sql() {
            return text;
        }

        @Override
        public List<Expression> children() {
            return List.of();
        }
    }

    /** Arithmetic negation: {@code -x}. */
    record Negate(Expression child, int position) implements Expression {
        @Override
        public String sql() {
            return SqlText.negate(child.sql());
        }

        @Override
        public List<Expression> children() {
            return List.of(child);
        }
    }

    /** Logical negation: {@code NOT x}; {@code a != b} parses to {@code NOT (a = b)} as in Spark. */
    record Not(Expression child, int position) implements Expression {
        @Override
        public String sql() {
            return SqlText.not(child.sql());
        }

        @Override
        public List<Expression> children() {
            return List.of(child);
        }
    }

    record Binary(BinaryOperator operator, Expression left, Expression right, int position)
            implements Expression {
        @Override
        public String sql() {
            return SqlText.binary(operator, left.sql(), right.sql());
        }

        @Override
        public List<Expression> children() {
            return List.of(left, right);
        }
    }

    record IsNull(Expression child, boolean negated, int position) implements Expression {
        @Override
        public String sql() {
            return SqlText.isNull(child.sql(), negated);
        }

        @Override
        public List<Expression> children() {
            return List.of(child);
        }
    }

    /** {@code value IN (list)}; {@code NOT IN} parses to {@code NOT (value IN (list))}. */
    record In(Expression value, List<Expression> list, int position) implements Expression {
        public In {
            list = List.copyOf(list);
        }

        @Override
        public String sql() {
            return SqlText.in(value.sql(), list.stream().map(Expression::sql).toList());
        }

        @Override
        public List<Expression> children() {
            return Stream.concat(Stream.of(value), list.stream()).toList();
        }
    }

    /**
     * {@code CASE WHEN c THEN v ... [ELSE e] END}; {@code elseValue} is null without ELSE. The
     * simple form {@code CASE x WHEN v THEN ...} parses to conditions {@code x = v}, as in Spark.
     */
    record CaseWhen(List<WhenClause> branches, Expression elseValue, int position) implements Expression {
        public CaseWhen {
            branches = List.copyOf(branches);
        }

        @Override
        public String sql() {
            List<String> parts = branches.stream()
                    .flatMap(b -> Stream.of(b.condition().sql(), b.value().sql()))
                    .toList();
            return SqlText.caseWhen(parts, elseValue == null ? null : elseValue.sql());
        }

        @Override
        public List<Expression> children() {
            List<Expression> children = new ArrayList<>();
            branches.forEach(branch -> {
                children.add(branch.condition());
                children.add(branch.value());
            });
            if (elseValue != null) {
                children.add(elseValue);
            }
            return children;
        }
    }

    record WhenClause(Expression condition, Expression value) {
    }

    record Cast(Expression child, AtomicType target, int position) implements Expression {
        @Override
        public String sql() {
            return SqlText.cast(child.sql(), target);
        }

        @Override
        public List<Expression> children() {
            return List.of(child);
        }
    }

    /** A call of a named function; {@code star} is {@code count(*)}. Names are case-insensitive. */
    record FunctionCall(String name, List<Expression> arguments, boolean star, int position)
            implements Expression {
        public FunctionCall {
            arguments = List.copyOf(arguments);
        }

        @Override
        public String sql() {
            if (star) {
                return name.toLowerCase(Locale.ROOT) + "(1)";
            }
            return SqlText.function(name.toLowerCase(Locale.ROOT),
                    arguments.stream().map(Expression::sql).toList());
        }

        @Override
        public List<Expression> children() {
            return arguments;
        }
    }

    /** A field of a struct-valued expression: {@code Column.getField}. */
    record FieldAccess(Expression child, String field, int position) implements Expression {
        @Override
        public String sql() {
            return child.sql() + "." + field;
        }

        @Override
        public List<Expression> children() {
            return List.of(child);
        }
    }

    /** {@code child AS name}: the output column is called {@code name}. */
    record Alias(Expression child, String name, int position) implements Expression {
        @Override
        public String sql() {
            return child.sql() + " AS " + name;
        }

        @Override
        public List<Expression> children() {
            return List.of(child);
        }
    }
}
