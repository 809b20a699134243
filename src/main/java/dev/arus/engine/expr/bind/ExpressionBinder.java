package dev.arus.engine.expr.bind;

import dev.arus.engine.data.DataType;
import dev.arus.engine.data.Field;
import dev.arus.engine.data.Schema;
import dev.arus.engine.data.StructType;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.Constant;
import dev.arus.engine.expr.Expression;
import dev.arus.engine.expr.InputColumn;
import dev.arus.engine.expr.Renamed;
import dev.arus.engine.expr.SqlText;
import dev.arus.engine.expr.cast.CastRules;
import dev.arus.engine.expr.cast.Casts;
import dev.arus.engine.streaming.AnalysisException;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * Turns one unresolved expression tree into bound nodes against an input schema: resolves names,
 * applies {@link TypeCoercion}, checks operand types and builds each node's pretty SQL from its
 * resolved children. It binds names, literals, casts and field access itself; operators, function
 * calls, subscripts and {@code extract} go to the {@link Bindings} of their families, and the
 * function bindings share the argument checks of {@link FunctionBinder}.
 */
public final class ExpressionBinder {

    private final Schema schema;
    private final String rootSql;
    private final boolean insideAggregate;
    /** The scope of the lambda whose body this binder binds, or null outside any lambda. */
    private final LambdaScope lambda;
    /** The first columns of the schema, the input's: a name that is no lambda parameter is one of these. */
    private final int inputColumns;
    private final Bindings bindings;

    public ExpressionBinder(Schema schema, Expression root, boolean insideAggregate, Bindings bindings) {
        this(schema, root.sql(), insideAggregate, null, schema.size(), bindings);
    }

    private ExpressionBinder(Schema schema, String rootSql, boolean insideAggregate, LambdaScope lambda,
            int inputColumns, Bindings bindings) {
        this.schema = schema;
        this.rootSql = rootSql;
        this.insideAggregate = insideAggregate;
        this.lambda = lambda;
        this.inputColumns = inputColumns;
        this.bindings = bindings;
    }

    /**
     * A binder for the body of a lambda inside the expression this one binds, whose parameters
     * are {@code names} (null for a hidden lambda's) of the types and nullability of {@code parameters}.
     */
    public ExpressionBinder inLambda(List<String> names, List<Field> parameters) {
        List<Field> fields = new ArrayList<>(schema.fields());
        fields.addAll(parameters);
        return new ExpressionBinder(new Schema(fields), rootSql, insideAggregate,
                new LambdaScope(lambda, names, schema.size()), inputColumns, bindings);
    }

    /** The scope of the lambda this binder binds the body of; null outside any lambda. */
    public LambdaScope lambdaScope() {
        return lambda;
    }

    /** The columns and the parameters of enclosing lambdas that an expression bound here reads. */
    public Schema schema() {
        return schema;
    }

    public boolean insideAggregate() {
        return insideAggregate;
    }

    /** The text of the whole expression being bound, for errors. */
    public String rootSql() {
        return rootSql;
    }

    public BoundExpression bind(Expression expression) {
        if (expression instanceof Expression.ColumnReference column) {
            return column(column);
        } else if (expression instanceof Expression.Literal literal) {
            return literal(literal);
        } else if (expression instanceof Expression.Cast cast) {
            return cast(cast);
        } else if (expression instanceof Expression.FieldAccess access) {
            return field(bind(access.child()), access.field(), access.position());
        } else if (expression instanceof Expression.Lambda misplaced) {
            throw error("INVALID_LAMBDA_FUNCTION_CALL.PARAMETER_DOES_NOT_ACCEPT_LAMBDA_FUNCTION", "Invalid lambda"
                    + " function call. You passed a lambda function to a parameter that does not accept it. Please"
                    + " check if lambda function argument is in the correct position.", misplaced.position());
        } else if (expression instanceof Expression.Alias alias) {
            return bind(alias.child());
        }
        return bindings.bind(this, expression);
    }

    /**
     * A column reference as Spark resolves it: {@code a.b} is first column {@code b} of the frame
     * aliased {@code a}, else field {@code b} of column {@code a}; a name that several columns
     * have (both sides of a join) is ambiguous unless qualified.
     */
    private BoundExpression column(Expression.ColumnReference reference) {
        List<String> parts = reference.nameParts();
        int ordinal = lambda == null ? -1 : lambda.resolve(parts.get(0));
        if (ordinal >= 0) {
            lambda.markUsed(ordinal);
            BoundExpression variable = new LambdaVariable(ordinal, schema.field(ordinal));
            for (String part : parts.subList(1, parts.size())) {
                variable = field(variable, part, reference.position());
            }
            return variable;
        }
        int consumed = 1;
        if (parts.size() > 1) {
            List<Integer> qualified = matching(field -> field.is(parts.get(0), parts.get(1)));
            if (qualified.size() > 1) {
                throw ambiguous(parts.get(0) + "." + parts.get(1), qualified, reference.position());
            }
            if (qualified.size() == 1) {
                ordinal = qualified.get(0);
                consumed = 2;
            }
        }
        if (ordinal < 0) {
            List<Integer> named = matching(field -> field.name().equalsIgnoreCase(parts.get(0)));
            if (named.size() > 1) {
                throw ambiguous(parts.get(0), named, reference.position());
            }
            if (named.isEmpty()) {
                if (parts.size() == 1 && (parts.get(0).equalsIgnoreCase("current_timestamp")
                        || parts.get(0).equalsIgnoreCase("current_date"))) {
                    // Spark reads these two names without parentheses as calls of the functions.
                    return bind(new Expression.FunctionCall(parts.get(0), List.of(), false, reference.position()));
                }
                throw ColumnResolver.unresolvedColumn(parts, schema.fields().subList(0, inputColumns),
                        reference.position(), rootSql);
            }
            ordinal = named.get(0);
        }
        if (lambda != null) {
            lambda.markUsed(ordinal);
        }
        BoundExpression result = new InputColumn(ordinal, schema.field(ordinal));
        for (String part : parts.subList(consumed, parts.size())) {
            result = field(result, part, reference.position());
        }
        return result;
    }

    private List<Integer> matching(Predicate<Field> test) {
        List<Integer> found = new ArrayList<>();
        for (int i = 0; i < inputColumns; i++) {
            if (test.test(schema.field(i))) {
                found.add(i);
            }
        }
        return found;
    }

    /** Spark's {@code AMBIGUOUS_REFERENCE}: {@code Reference `ad_id` is ambiguous, could be: [`clicks`.`ad_id`, ...].} */
    private AnalysisException ambiguous(String name, List<Integer> columns, int position) {
        List<String> candidates = columns.stream().map(schema::field)
                .map(field -> (field.qualifier() == null ? "" : "`" + field.qualifier() + "`.") + "`" + field.name()
                        + "`").sorted().toList();
        return new AnalysisException("AMBIGUOUS_REFERENCE", "[AMBIGUOUS_REFERENCE] Reference `" + name
                + "` is ambiguous, could be: [" + String.join(", ", candidates) + "].", position, rootSql);
    }

    FieldExtraction field(BoundExpression struct, String name, int position) {
        if (!(struct.dataType() instanceof StructType structType)) {
            throw error("INVALID_EXTRACT_BASE_FIELD_TYPE", "Can't extract a value from \"" + struct.sql()
                    + "\". Need a complex type [STRUCT, ARRAY, MAP] but got \"" + typeName(struct.dataType()) + "\".",
                    position);
        }
        int index = ColumnResolver.indexOf(structType.fields(), name);
        if (index < 0) {
            throw ColumnResolver.unresolved("field", struct.sql() + "." + name,
                    structType.fields().stream().map(f -> struct.sql() + "." + f.name()).toList(), position, rootSql);
        }
        Field field = structType.fields().get(index);
        return new FieldExtraction(struct, index, field);
    }

    private static BoundExpression literal(Expression.Literal literal) {
        if (literal.value() instanceof LocalDateTime local) {
            return new LocalTimestampConstant(local, literal.text());
        }
        return new Constant(literal.value(), literal.type(), literal.text());
    }

    /**
     * How a DATA_DIFF_TYPES error lists the types: coalesce and the like as
     * {@code TypeUtils.checkForSameTypeInputExpr} does, {@code ("INT" or "DATE")}; CASE, IF and IN
     * as {@code ["INT", "DATE"]}.
     */
    public enum TypeListing {
        ALTERNATIVES(" or ", "(", ")"), LIST(", ", "[", "]");

        private final String separator;
        private final String open;
        private final String close;

        TypeListing(String separator, String open, String close) {
            this.separator = separator;
            this.open = open;
            this.close = close;
        }

        public String of(List<BoundExpression> expressions) {
            return expressions.stream().map(e -> "\"" + typeName(e.dataType()) + "\"")
                    .collect(Collectors.joining(separator, open, close));
        }
    }

    /** Spark's {@code findWiderCommonType} of {@code expressions}, or a DATA_DIFF_TYPES error. */
    public DataType commonType(List<BoundExpression> expressions, String function, String sql, int position,
            TypeListing listing) {
        DataType type = TypeCoercion.widerCommonType(expressions.stream().map(BoundExpression::dataType).toList());
        if (type == null) {
            throw differentTypes(function, sql, listing.of(expressions), position);
        }
        return type;
    }

    public AnalysisException differentTypes(String function, String sql, String types, int position) {
        return mismatch("DATA_DIFF_TYPES", sql, "Input to `" + function + "` should all be the same type, but it's "
                + types + ".", position);
    }

    private BoundExpression cast(Expression.Cast cast) {
        BoundExpression child = bind(cast.child());
        DataType target = cast.target();
        String sql = SqlText.cast(child.sql(), target);
        if (!CastRules.canCast(child.dataType(), target)) {
            String from = typeName(child.dataType());
            String to = typeName(target);
            String functions = CastRules.functionsInstead(child.dataType(), target);
            if (functions != null) {
                throw mismatch("CAST_WITH_FUNC_SUGGESTION", sql, "cannot cast \"" + from + "\" to \"" + to
                        + "\". To convert values from \"" + from + "\" to \"" + to + "\", you can use the functions "
                        + functions + " instead.", cast.position());
            }
            if (!CastRules.canCastWithoutAnsi(child.dataType(), target)) {
                throw mismatch("CAST_WITHOUT_SUGGESTION", sql, "cannot cast \"" + from + "\" to \"" + to + "\".",
                        cast.position());
            }
            throw mismatch("CAST_WITH_CONF_SUGGESTION", sql, "cannot cast \"" + from + "\" to \"" + to
                    + "\" with ANSI mode on. If you have to cast \"" + from + "\" to \"" + to
                    + "\", you can set \"spark.sql.ansi.enabled\" as \"false\".", cast.position());
        }
        if (child.dataType().equals(target)) {
            return new Renamed(child, sql);
        }
        return Casts.cast(child, target, sql);
    }

    public BoundExpression requireBoolean(Expression node, BoundExpression operand, String ordinal) {
        return require(node.sql(), node.position(), ordinal, operand, InputType.BOOLEAN);
    }

    public BoundExpression requireNumeric(Expression node, BoundExpression operand) {
        return require(node.sql(), node.position(), "first", operand, InputType.NUMERIC);
    }

    /**
     * {@code operand} brought to what a parameter accepts by Spark's ANSI implicit cast, or an
     * UNEXPECTED_INPUT_TYPE error naming it; NULL takes the accepted type.
     */
    public BoundExpression require(String sql, int position, String ordinal, BoundExpression operand, InputType accepted) {
        BoundExpression cast = TypeCoercion.implicitCast(operand, accepted);
        if (cast == null) {
            throw unexpectedType(sql, position, ordinal, accepted.describe(), operand);
        }
        return cast;
    }

    public AnalysisException unexpectedType(String sql, int position, String ordinal, String required,
            BoundExpression operand) {
        return mismatch("UNEXPECTED_INPUT_TYPE", sql, "The " + ordinal + " parameter requires the " + required
                + " type, however \"" + operand.sql() + "\" has the type \"" + typeName(operand.dataType()) + "\".",
                position);
    }

    /** Spark's {@code [DATATYPE_MISMATCH.*] Cannot resolve "sql" due to data type mismatch: ...}. */
    public AnalysisException mismatch(String subclass, String sql, String detail, int position) {
        return error("DATATYPE_MISMATCH." + subclass, "Cannot resolve \"" + sql + "\" due to data type mismatch: "
                + detail, position);
    }

    public AnalysisException error(String errorClass, String message, int position) {
        String where = position >= 0 ? " (at position " + position + ")" : "";
        return new AnalysisException(errorClass, "[" + errorClass + "] " + message + where, position, rootSql);
    }

    /** Spark's {@code toSQLType}: {@code BIGINT}, {@code ARRAY<INT>}, {@code STRUCT<a: INT>}. */
    public static String typeName(DataType type) {
        return type.sql();
    }

    /** Spark's {@code ordinalNumber}: the 0-based index of a parameter as {@code first}, {@code second}... */
    public static String ordinal(int index) {
        String[] words = {"first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth",
            "tenth"};
        return index < words.length ? words[index] : (index + 1) + "th";
    }
}
