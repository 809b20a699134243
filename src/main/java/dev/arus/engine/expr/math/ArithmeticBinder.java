package dev.arus.engine.expr.math;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.DataType;
import dev.arus.engine.data.DayTimeIntervalType.IntervalField;
import dev.arus.engine.data.DayTimeIntervalType;
import dev.arus.engine.data.DecimalType;
import dev.arus.engine.expr.BinaryOperator;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.Constant;
import dev.arus.engine.expr.Expression.Binary;
import dev.arus.engine.expr.SqlText;
import dev.arus.engine.expr.bind.ExpressionBinder;
import dev.arus.engine.expr.bind.InputType;
import dev.arus.engine.expr.bind.TypeCoercion;
import dev.arus.engine.expr.cast.Casts;
import dev.arus.engine.expr.datetime.DateArithmetic;
import dev.arus.engine.expr.numeric.DecimalPrecision;
import dev.arus.engine.streaming.AnalysisException;
import java.time.Duration;
import java.util.List;

/**
 * Binds {@code + - * / % div} as Spark 4's analyzer resolves them in ANSI mode: a string operand
 * is read as the other side's type ({@link TypeCoercion#stringPromotion}); dates, timestamps and
 * intervals combine as Spark's {@code BinaryArithmeticWithDatetimeResolver} combines them
 * ({@code date + int} is {@code date_add}, {@code timestamp + interval} shifts the timestamp,
 * {@code timestamp - timestamp} is an interval, {@code interval * n} scales it); numbers meet a
 * decimal as decimals of the digits they need ({@link DecimalPrecision}), and otherwise widen to
 * their tightest common type. {@code /} divides doubles or decimals, never integers; {@code div}
 * gives a BIGINT. Stateless.
 */
public final class ArithmeticBinder {

    /** What Spark's {@code +} and {@code -} accept, in its words. */
    private static final String NUMERIC_OR_INTERVAL =
            "(\"NUMERIC\" or \"INTERVAL DAY TO SECOND\" or \"INTERVAL YEAR TO MONTH\" or \"INTERVAL\")";

    private static final long MICROS_PER_DAY = IntervalField.DAY.micros();

    private ArithmeticBinder() {
    }

    public static BoundExpression bind(ExpressionBinder binder, Binary binary, BoundExpression left, BoundExpression right) {
        DataType promoted = TypeCoercion.stringPromotion(left.dataType(), right.dataType());
        if (promoted != null && promoted != AtomicType.STRING) {
            left = TypeCoercion.implicitCast(left, promoted);
            right = TypeCoercion.implicitCast(right, promoted);
        }
        if (isDateTime(left.dataType()) || isDateTime(right.dataType())) {
            return dateTime(binder, binary, left, right);
        }
        return numeric(binder, binary, left, right);
    }

    private static boolean isDateTime(DataType type) {
        return type == AtomicType.DATE || type == AtomicType.TIMESTAMP || type instanceof DayTimeIntervalType;
    }

    private static BoundExpression numeric(ExpressionBinder binder, Binary binary, BoundExpression left,
            BoundExpression right) {
        BinaryOperator operator = binary.operator();
        String sql = SqlText.binary(operator, left.sql(), right.sql());
        DataType leftType = left.dataType();
        DataType rightType = right.dataType();
        if (leftType instanceof DecimalType || rightType instanceof DecimalType) {
            return decimal(binder, binary, left, right, sql);
        }
        if (operator == BinaryOperator.DIVIDE && isNumericOrNull(leftType) && isNumericOrNull(rightType)) {
            return new DoubleArithmetic(operator, TypeCoercion.implicitCast(left, AtomicType.DOUBLE),
                    TypeCoercion.implicitCast(right, AtomicType.DOUBLE), AtomicType.DOUBLE, sql);
        }
        if (operator == BinaryOperator.INTEGRAL_DIVIDE && isNumericOrNull(leftType) && isNumericOrNull(rightType)) {
            return new LongArithmetic(operator, TypeCoercion.implicitCast(left, AtomicType.LONG),
                    TypeCoercion.implicitCast(right, AtomicType.LONG), AtomicType.LONG, sql);
        }
        DataType type = TypeCoercion.tightestCommonType(leftType, rightType);
        if (type == AtomicType.NULL) {
            type = AtomicType.DOUBLE;
        }
        if (type == null) {
            throw differentTypes(binder, binary, sql, left, right);
        }
        if (!type.isNumeric()) {
            throw binder.mismatch("BINARY_OP_WRONG_TYPE", sql, "the binary operator requires the input type "
                    + (operator == BinaryOperator.ADD || operator == BinaryOperator.SUBTRACT ? NUMERIC_OR_INTERVAL
                            : "\"NUMERIC\"") + ", not \"" + type.sql() + "\".", binary.position());
        }
        BoundExpression a = TypeCoercion.implicitCast(left, type);
        BoundExpression b = TypeCoercion.implicitCast(right, type);
        return type.isFloatingPoint() ? new DoubleArithmetic(operator, a, b, type, sql)
                : new LongArithmetic(operator, a, b, type, sql);
    }

    private static boolean isNumericOrNull(DataType type) {
        return type.isNumeric() || type == AtomicType.NULL;
    }

    /**
     * Spark's {@code DecimalPrecision}: an integer next to a decimal becomes the decimal that holds
     * it (a literal just its digits), a float or double makes the decimal a DOUBLE.
     */
    private static BoundExpression decimal(ExpressionBinder binder, Binary binary, BoundExpression left,
            BoundExpression right, String sql) {
        BoundExpression a = asDecimalOperand(left, right.dataType());
        BoundExpression b = asDecimalOperand(right, left.dataType());
        if (a.dataType() == AtomicType.DOUBLE || b.dataType() == AtomicType.DOUBLE) {
            return numeric(binder, binary, TypeCoercion.implicitCast(a, AtomicType.DOUBLE),
                    TypeCoercion.implicitCast(b, AtomicType.DOUBLE));
        }
        if (!(a.dataType() instanceof DecimalType) || !(b.dataType() instanceof DecimalType)) {
            throw differentTypes(binder, binary, sql, left, right);
        }
        return new DecimalArithmetic(binary.operator(), a, b, sql);
    }

    /**
     * An operand next to one of type {@code other}, one of them a decimal, as Spark's decimal
     * arithmetic and comparisons take it: an integer literal as a decimal of its own digits
     * ({@code 10} is a decimal(2,0)), anything else as {@link TypeCoercion#decimalOperandType} says.
     */
    public static BoundExpression asDecimalOperand(BoundExpression operand, DataType other) {
        DataType type = operand.dataType();
        Long literal = type.isIntegral() ? Constant.longValueOf(operand) : null;
        return TypeCoercion.implicitCast(operand, literal != null ? DecimalPrecision.forLiteral(literal)
                : TypeCoercion.decimalOperandType(type, other));
    }

    /** Spark's {@code BinaryArithmeticWithDatetimeResolver}, for the day-time intervals Arus has. */
    private static BoundExpression dateTime(ExpressionBinder binder, Binary binary, BoundExpression left,
            BoundExpression right) {
        DataType l = left.dataType();
        DataType r = right.dataType();
        BinaryOperator operator = binary.operator();
        if (l instanceof DayTimeIntervalType && r == AtomicType.NULL) {
            right = TypeCoercion.implicitCast(right, l);
        } else if (r instanceof DayTimeIntervalType && l == AtomicType.NULL) {
            left = TypeCoercion.implicitCast(left, r);
        }
        return switch (operator) {
            case ADD -> add(binder, binary, left, right);
            case SUBTRACT -> subtract(binder, binary, left, right);
            case MULTIPLY -> {
                if (l instanceof DayTimeIntervalType && !(r instanceof DayTimeIntervalType)) {
                    yield scale(binder, binary, false, left, right);
                }
                if (r instanceof DayTimeIntervalType && !(l instanceof DayTimeIntervalType)) {
                    yield scale(binder, binary, false, right, left);
                }
                throw wrongTypes(binder, binary, left, right);
            }
            case DIVIDE -> {
                if (l instanceof DayTimeIntervalType && !(r instanceof DayTimeIntervalType)) {
                    yield scale(binder, binary, true, left, right);
                }
                throw wrongTypes(binder, binary, left, right);
            }
            default -> throw wrongTypes(binder, binary, left, right);
        };
    }

    private static BoundExpression add(ExpressionBinder binder, Binary binary, BoundExpression left,
            BoundExpression right) {
        DataType l = left.dataType();
        DataType r = right.dataType();
        if (l instanceof DayTimeIntervalType && r instanceof DayTimeIntervalType) {
            return intervals(binary, left, right);
        }
        if (l == AtomicType.DATE && isDayInterval(r)) {
            return dateAdd(binder, binary, left, intervalDays(right, false));
        }
        if (r == AtomicType.DATE && isDayInterval(l)) {
            return dateAdd(binder, binary, right, intervalDays(left, false));
        }
        if (r instanceof DayTimeIntervalType && (l == AtomicType.DATE || l == AtomicType.TIMESTAMP)) {
            return shiftTimestamp(left, right, false);
        }
        if (l instanceof DayTimeIntervalType && (r == AtomicType.DATE || r == AtomicType.TIMESTAMP)) {
            return shiftTimestamp(right, left, false);
        }
        if (l == AtomicType.DATE) {
            return dateAdd(binder, binary, left, right);
        }
        if (r == AtomicType.DATE) {
            return dateAdd(binder, binary, right, left);
        }
        throw wrongTypes(binder, binary, left, right);
    }

    /**
     * Spark's {@code MultiplyDTInterval} and {@code DivideDTInterval}: the number any numeric, a string read
     * as a DOUBLE.
     */
    private static BoundExpression scale(ExpressionBinder binder, Binary binary, boolean divide,
            BoundExpression interval, BoundExpression number) {
        String sql = SqlText.binary(divide ? BinaryOperator.DIVIDE : BinaryOperator.MULTIPLY, interval.sql(),
                number.sql());
        return new IntervalScaling(divide, interval,
                binder.require(sql, binary.position(), "second", number, InputType.NUMERIC));
    }

    private static BoundExpression subtract(ExpressionBinder binder, Binary binary, BoundExpression left,
            BoundExpression right) {
        DataType l = left.dataType();
        DataType r = right.dataType();
        String sql = SqlText.binary(BinaryOperator.SUBTRACT, left.sql(), right.sql());
        if (l instanceof DayTimeIntervalType && r instanceof DayTimeIntervalType) {
            return intervals(binary, left, right);
        }
        if (l == AtomicType.DATE && isDayInterval(r)) {
            return dateAdd(binder, binary, left, intervalDays(right, true));
        }
        if (r instanceof DayTimeIntervalType && (l == AtomicType.DATE || l == AtomicType.TIMESTAMP)) {
            return shiftTimestamp(left, right, true);
        }
        if (l == AtomicType.TIMESTAMP || r == AtomicType.TIMESTAMP) {
            if (!isTimestampLike(l) || !isTimestampLike(r)) {
                throw wrongTypes(binder, binary, left, right);
            }
            // Spark's SubtractTimestamps: the difference as INTERVAL DAY TO SECOND
            return new LongArithmetic(BinaryOperator.SUBTRACT, TypeCoercion.implicitCast(left, AtomicType.TIMESTAMP),
                    TypeCoercion.implicitCast(right, AtomicType.TIMESTAMP), DayTimeIntervalType.DAY_TO_SECOND, sql);
        }
        if (l == AtomicType.DATE && r == AtomicType.DATE) {
            // Spark's SubtractDates: whole days as INTERVAL DAY
            BoundExpression days = new LongArithmetic(BinaryOperator.SUBTRACT, left, right, AtomicType.LONG, sql);
            return new LongArithmetic(BinaryOperator.MULTIPLY, days,
                    new Constant(MICROS_PER_DAY, AtomicType.LONG, Long.toString(MICROS_PER_DAY)),
                    DayTimeIntervalType.DAY, sql);
        }
        if (l == AtomicType.DATE && r != AtomicType.DATE && !(r instanceof DayTimeIntervalType)) {
            String dateSub = SqlText.function("date_sub", List.of(left.sql(), right.sql()));
            BoundExpression days = DateArithmetic.dayCount(binder, dateSub, binary.position(), right);
            return new LongArithmetic(BinaryOperator.SUBTRACT, left, days, AtomicType.DATE, dateSub);
        }
        throw wrongTypes(binder, binary, left, right);
    }

    private static boolean isTimestampLike(DataType type) {
        return type == AtomicType.TIMESTAMP || type == AtomicType.DATE || type == AtomicType.NULL;
    }

    private static boolean isDayInterval(DataType type) {
        return type instanceof DayTimeIntervalType interval && interval.startField() == IntervalField.DAY
                && interval.endField() == IntervalField.DAY;
    }

    /** Interval plus or minus interval, of the type spanning both's fields. */
    private static BoundExpression intervals(Binary binary, BoundExpression left, BoundExpression right) {
        DataType type = TypeCoercion.tightestCommonType(left.dataType(), right.dataType());
        return new LongArithmetic(binary.operator(), TypeCoercion.implicitCast(left, type),
                TypeCoercion.implicitCast(right, type), type,
                SqlText.binary(binary.operator(), left.sql(), right.sql()));
    }

    /**
     * Spark's {@code TimestampAddInterval} (and {@code DatetimeSub}): a date or timestamp shifted by
     * a day-time interval, a TIMESTAMP named {@code ts + INTERVAL '01' HOUR}, the timestamp first.
     */
    private static BoundExpression shiftTimestamp(BoundExpression start, BoundExpression interval, boolean minus) {
        String sql = start.sql() + (minus ? " - " : " + ") + interval.sql();
        return new LongArithmetic(minus ? BinaryOperator.SUBTRACT : BinaryOperator.ADD,
                TypeCoercion.implicitCast(start, AtomicType.TIMESTAMP), interval, AtomicType.TIMESTAMP, sql);
    }

    /** Spark's {@code ExtractANSIIntervalDays} of a day interval, negated for a subtraction. */
    private static BoundExpression intervalDays(BoundExpression interval, boolean negated) {
        String sql = SqlText.function("extractansiintervaldays", List.of(interval.sql()));
        BoundExpression days = new LongArithmetic(BinaryOperator.INTEGRAL_DIVIDE, interval,
                new Constant(Duration.ofDays(1), DayTimeIntervalType.DAY, "INTERVAL '1' DAY"), AtomicType.LONG, sql);
        BoundExpression whole = Casts.cast(days, AtomicType.INT, sql);
        return negated ? new UnaryMath(UnaryMath.Operation.NEGATE, whole, SqlText.negate(sql)) : whole;
    }

    /**
     * Spark's {@code DateAdd}: a date and a number of days (INT, SMALLINT or TINYINT, never cast
     * from another type: {@code date + bigint} is refused), named {@code date_add(d, n)}.
     */
    private static BoundExpression dateAdd(ExpressionBinder binder, Binary binary, BoundExpression date,
            BoundExpression days) {
        String sql = SqlText.function("date_add", List.of(date.sql(), days.sql()));
        BoundExpression count = DateArithmetic.dayCount(binder, sql, binary.position(), days);
        return new LongArithmetic(BinaryOperator.ADD, date, count, AtomicType.DATE, sql);
    }

    private static AnalysisException differentTypes(ExpressionBinder binder, Binary binary,
            String sql, BoundExpression left, BoundExpression right) {
        return binder.mismatch("BINARY_OP_DIFF_TYPES", sql, "the left and right operands of the binary operator have"
                + " incompatible types (\"" + left.dataType().sql() + "\" and \"" + right.dataType().sql()
                + "\").", binary.position());
    }

    private static AnalysisException wrongTypes(ExpressionBinder binder, Binary binary,
            BoundExpression left, BoundExpression right) {
        String sql = SqlText.binary(binary.operator(), left.sql(), right.sql());
        return differentTypes(binder, binary, sql, left, right);
    }
}
