package dev.arus.engine.expr;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.DataType;
import dev.arus.engine.data.DecimalType;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalLong;
import java.util.stream.Stream;

/**
 * An unresolved expression: what the user wrote, before names are looked up in a schema and types
 * are checked (that is {@code ExpressionAnalyzer}'s job). Every node knows the 0-based character
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
     * A constant. {@code value} is what {@code ColumnVector.getObject} gives for {@code type}
     * ({@code Integer}, {@code BigDecimal}, {@code LocalDate}, {@code Duration}, ...) or null, of
     * type {@code NULL}; a TIMESTAMP literal written without a zone holds a {@code LocalDateTime}
     * in the session zone, which only evaluation knows. {@code text} is how Spark prints it in
     * column names: {@code 1}, {@code a} for {@code 'a'}, {@code 1.50}, {@code DATE '2026-12-01'}.
     */
    record Literal(Object value, DataType type, String text, int position) implements Expression {

        /** A literal of a Java value, as {@code functions.lit} makes one. */
        public static Literal of(Object value, int position) {
            if (value == null) {
                return new Literal(null, AtomicType.NULL, "NULL", position);
            }
            if (value instanceof BigDecimal decimal) {
                BigDecimal normalised = LiteralValues.normalise(decimal);
                DecimalType type = LiteralValues.decimalType(normalised);
                return new Literal(normalised, type, SqlText.literal(normalised, type), position);
            }
            DataType type = LiteralValues.typeOf(value);
            return new Literal(value, type, SqlText.literal(value, type), position);
        }

        /** The value in microseconds, as a vector holds it, when this is a day-time interval. */
        public OptionalLong intervalMicros() {
            return value instanceof Duration duration ? OptionalLong.of(micros(duration)) : OptionalLong.empty();
        }

        static long micros(Duration duration) {
            return Math.addExact(Math.multiplyExact(duration.getSeconds(), 1_000_000L), duration.getNano() / 1000);
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

    record Cast(Expression child, DataType target, int position) implements Expression {
        @Override
        public String sql() {
            return SqlText.cast(child.sql(), target);
        }

        @Override
        public List<Expression> children() {
            return List.of(child);
        }
    }

    /**
     * A call of a named function; {@code star} is {@code count(*)}, {@code distinct} is
     * {@code count(DISTINCT x)}. Names are case-insensitive.
     */
    record FunctionCall(String name, List<Expression> arguments, boolean star, boolean distinct, int position)
            implements Expression {
        public FunctionCall {
            arguments = List.copyOf(arguments);
        }

        public FunctionCall(String name, List<Expression> arguments, boolean star, int position) {
            this(name, arguments, star, false, position);
        }

        @Override
        public String sql() {
            if (star) {
                return name.toLowerCase(Locale.ROOT) + "(1)";
            }
            String sql = SqlText.function(name.toLowerCase(Locale.ROOT),
                    arguments.stream().map(Expression::sql).toList());
            return distinct ? sql.replaceFirst("\\(", "(DISTINCT ") : sql;
        }

        @Override
        public List<Expression> children() {
            return arguments;
        }
    }

    /** An element of an array, {@code a[0]}, or the value of a map's key, {@code m['k']}. */
    record Subscript(Expression child, Expression index, int position) implements Expression {
        @Override
        public String sql() {
            return child.sql() + "[" + index.sql() + "]";
        }

        @Override
        public List<Expression> children() {
            return List.of(child, index);
        }
    }

    /**
     * A lambda function, {@code x -> body} or {@code (x, i) -> body}: an argument of a
     * higher-order function ({@code transform}, {@code filter}...), which gives its parameters
     * their values. A name in the body is the innermost lambda's parameter of that name before
     * it is a column. Spark's unresolved SQL of it is {@code lambdafunction(body, x)}.
     */
    record Lambda(List<String> parameters, Expression body, int position) implements Expression {
        public Lambda {
            parameters = List.copyOf(parameters);
        }

        @Override
        public String sql() {
            return SqlText.function("lambdafunction",
                    Stream.concat(Stream.of(body.sql()), parameters.stream()).toList());
        }

        @Override
        public List<Expression> children() {
            return List.of(body);
        }

        /** Whether {@code name} is one of the parameters, compared as Spark does without case. */
        public boolean binds(String name) {
            return parameters.stream().anyMatch(parameter -> parameter.equalsIgnoreCase(name));
        }
    }

    /** {@code extract(YEAR FROM ts)}: a field of a date, timestamp or interval, named as written. */
    record Extract(String field, Expression source, int position) implements Expression {
        @Override
        public String sql() {
            return SqlText.extract(field, source.sql());
        }

        @Override
        public List<Expression> children() {
            return List.of(source);
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

    /**
     * {@code child AS name}: the output column is called {@code name}. An automatic alias has no
     * name of its own ({@code name} is empty): it calls its column by the child's pretty SQL, as
     * Spark SQL's {@code ResolveAliases} names a select item the Column API would name otherwise
     * (see {@code ExpressionAnalyzer.sqlSelectItem}).
     */
    record Alias(Expression child, String name, int position, boolean automatic) implements Expression {

        public Alias(Expression child, String name, int position) {
            this(child, name, position, false);
        }

        @Override
        public String sql() {
            return automatic ? child.sql() : child.sql() + " AS " + name;
        }

        @Override
        public List<Expression> children() {
            return List.of(child);
        }
    }
}
