package dev.arus.engine.expr;

import dev.arus.engine.streaming.ArusException;

/**
 * A row that cannot be evaluated under Spark 4's default ANSI mode ({@code spark.sql.ansi.enabled
 * = true}): division by zero, arithmetic overflow, a malformed string in a cast. Spark raises these
 * as {@code SparkArithmeticException} and friends; the message is Spark's, error class first.
 */
public final class EvaluationException extends ArusException {

    private static final String ANSI_HINT =
            " If necessary set \"spark.sql.ansi.enabled\" to \"false\" to bypass this error.";

    private EvaluationException(String errorClass, String message) {
        this(errorClass, message, true);
    }

    private EvaluationException(String errorClass, String message, boolean classInMessage) {
        super(errorClass, classInMessage ? "[" + errorClass + "] " + message : message);
    }

    /**
     * An error Spark raises without an error class (a {@code require} failing, an
     * {@code IllegalArgumentException}): its message is Spark's alone, {@code errorClass} is Arus's
     * name for it, for callers that decide by class.
     */
    public static EvaluationException unclassified(String errorClass, String message) {
        return new EvaluationException(errorClass, message, false);
    }

    /**
     * An array of more elements than Spark's arrays hold ({@code limit}), made by {@code function}
     * from its {@code parameter}.
     */
    public static EvaluationException collectionSizeLimit(long elements, long limit, String parameter, String function) {
        return new EvaluationException("COLLECTION_SIZE_LIMIT_EXCEEDED.PARAMETER", "Can't create array with "
                + elements + " elements which exceeding the array size limit " + limit + ", the value"
                + " of parameter(s) `" + parameter + "` in the function `" + function + "` is invalid. SQLSTATE: 54000");
    }

    /** {@code /} and {@code div} by zero; {@code try_divide} returns NULL instead. */
    public static EvaluationException divideByZero() {
        return new EvaluationException("DIVIDE_BY_ZERO", "Division by zero. Use `try_divide` to tolerate divisor"
                + " being 0 and return NULL instead." + ANSI_HINT + " SQLSTATE: 22012");
    }

    /** {@code %}, {@code mod} and {@code pmod} by zero (Spark 4.2's own class); {@code try_mod} returns NULL instead. */
    public static EvaluationException remainderByZero() {
        return new EvaluationException("REMAINDER_BY_ZERO", "Remainder by zero. Use `try_mod` to tolerate divisor"
                + " being 0 and return NULL instead." + ANSI_HINT + " SQLSTATE: 22012");
    }

    /** {@code what} is Java's wording, {@code integer overflow} or {@code long overflow}. */
    public static EvaluationException overflow(String what, String tryFunction) {
        String alternative = tryFunction == null ? ""
                : " Use '" + tryFunction + "' to tolerate overflow and return NULL instead.";
        return new EvaluationException("ARITHMETIC_OVERFLOW", what + "." + alternative + ANSI_HINT
                + " SQLSTATE: 22003");
    }

    public static EvaluationException castInvalidInput(String value, String targetType) {
        return new EvaluationException("CAST_INVALID_INPUT", "The value '" + value
                + "' of the type \"STRING\" cannot be cast to \"" + targetType
                + "\" because it is malformed. Correct the value as per the syntax, or change its target type."
                + " Use `try_cast` to tolerate malformed input and return NULL instead. SQLSTATE: 22018");
    }

    /** A NaN or infinite double cast to a datetime type: {@code The value NaN of the type "DOUBLE"...}. */
    public static EvaluationException castInvalidInput(double value, String targetType) {
        String text = Double.isNaN(value) ? "NaN" : value > 0 ? "Infinity" : "-Infinity";
        return new EvaluationException("CAST_INVALID_INPUT", "The value " + text + " of the type \"DOUBLE\" cannot be"
                + " cast to \"" + targetType + "\" because it is malformed. Correct the value as per the syntax, or"
                + " change its target type. Use `try_cast` to tolerate malformed input and return NULL instead."
                + " SQLSTATE: 22018");
    }

    /** {@code value} is printed as Spark's {@code toSQLValue}: {@code 3000000000L}, {@code 1.0E20D}. */
    public static EvaluationException castOverflow(String value, String sourceType, String targetType) {
        return new EvaluationException("CAST_OVERFLOW", "The value " + value + " of the type \"" + sourceType
                + "\" cannot be cast to \"" + targetType + "\" due to an overflow. Use `try_cast` to tolerate"
                + " overflow and return NULL instead." + ANSI_HINT + " SQLSTATE: 22003");
    }

    /** A decimal result or cast that needs more digits than its type has; {@code value} in plain digits. */
    public static EvaluationException numericValueOutOfRange(String value, int precision, int scale) {
        return new EvaluationException("NUMERIC_VALUE_OUT_OF_RANGE.WITH_SUGGESTION", " " + value
                + " cannot be represented as Decimal(" + precision + ", " + scale + "). If necessary set"
                + " \"spark.sql.ansi.enabled\" to \"false\" to bypass this error, and return NULL instead."
                + " SQLSTATE: 22003");
    }

    /** Text with more than 38 integral digits cast to a decimal. */
    public static EvaluationException numericOutOfSupportedRange(String value) {
        return new EvaluationException("NUMERIC_OUT_OF_SUPPORTED_RANGE", "The value " + value
                + " cannot be interpreted as a numeric since it has more than 38 digits. SQLSTATE: 22003");
    }

    /** A TINYINT or SMALLINT result out of its type: {@code 100Y + 100Y caused overflow}. */
    public static EvaluationException binaryArithmeticOverflow(String left, String symbol, String right,
            String tryFunction) {
        return new EvaluationException("BINARY_ARITHMETIC_OVERFLOW", left + " " + symbol + " " + right
                + " caused overflow. Use " + tryFunction + " to ignore overflow problem and return NULL."
                + " SQLSTATE: 22003");
    }

    public static EvaluationException intervalDividedByZero() {
        return new EvaluationException("INTERVAL_DIVIDED_BY_ZERO", "Division by zero. Use `try_divide` to"
                + " tolerate divisor being 0 and return NULL instead. SQLSTATE: 22012");
    }

    public static EvaluationException invalidArrayIndex(long index, int size) {
        return new EvaluationException("INVALID_ARRAY_INDEX", "The index " + index + " is out of bounds. The"
                + " array has " + size + " elements. Use the SQL function `get()` to tolerate accessing element at"
                + " invalid index and return NULL instead." + ANSI_HINT + " SQLSTATE: 22003");
    }

    /** {@code element_at}'s 1-based index beyond either end of the array. */
    public static EvaluationException invalidElementAtIndex(long index, int size) {
        return new EvaluationException("INVALID_ARRAY_INDEX_IN_ELEMENT_AT", "The index " + index + " is out of"
                + " bounds. The array has " + size + " elements. Use `try_element_at` to tolerate accessing element"
                + " at invalid index and return NULL instead." + ANSI_HINT + " SQLSTATE: 22003");
    }

    public static EvaluationException invalidIndexOfZero() {
        return new EvaluationException("INVALID_INDEX_OF_ZERO", "The index 0 is invalid. An index shall be either"
                + " < 0 or > 0 (the first element has index 1). SQLSTATE: 22003");
    }

    /** A comparator of {@code array_sort} that gave NULL. */
    public static EvaluationException comparatorReturnsNull(String first, String second) {
        return new EvaluationException("COMPARATOR_RETURNS_NULL", "The comparator has returned a NULL for a comparison"
                + " between " + first + " and " + second + ".\nIt should return a positive integer for \"greater"
                + " than\", 0 for \"equal\" and a negative integer for \"less than\".\nTo revert to deprecated"
                + " behavior where NULL is treated as 0 (equal), you must set"
                + " \"spark.sql.legacy.allowNullComparisonResultInArraySort\" to \"true\". SQLSTATE: 22004");
    }

    public static EvaluationException nullMapKey() {
        return new EvaluationException("NULL_MAP_KEY", "Cannot use null as map key. SQLSTATE: 2200E");
    }

    public static EvaluationException duplicatedMapKey(String key) {
        return new EvaluationException("DUPLICATED_MAP_KEY", "Duplicate map key " + key + " was found, please"
                + " check the input data. If you want to remove the duplicated keys, you can set"
                + " \"spark.sql.mapKeyDedupPolicy\" to \"LAST_WIN\" so that the key inserted at last takes"
                + " precedence. SQLSTATE: 23505");
    }

    /** A LIKE or RLIKE pattern that is not one, read when a row supplies it. */
    public static EvaluationException invalidLikePattern(String errorClass, String detail) {
        return new EvaluationException(errorClass, detail);
    }

    /** A group of {@code regexp_extract} that its expression has not. */
    public static EvaluationException regexGroupIndex(String function, int groupCount, long index) {
        return new EvaluationException("INVALID_PARAMETER_VALUE.REGEX_GROUP_INDEX", "The value of parameter(s)"
                + " `idx` in `" + function + "` is invalid: Expects group index between 0 and " + groupCount
                + ", but got " + index + ". SQLSTATE: 22023");
    }

    public static EvaluationException cannotParseTimestamp(String detail) {
        return new EvaluationException("CANNOT_PARSE_TIMESTAMP", detail + ". Use `try_to_timestamp` to tolerate"
                + " invalid input string and return NULL instead. SQLSTATE: 22007");
    }

    public static EvaluationException illegalDayOfWeek(String name) {
        return new EvaluationException("ILLEGAL_DAY_OF_WEEK", "Illegal input for day of week: " + name
                + ". SQLSTATE: 22009");
    }

    /**
     * A field of make_date or make_timestamp out of its range; {@code detail} is Java's wording.
     * Spark 4.2 raises the subclass that suggests turning ANSI mode off.
     */
    public static EvaluationException datetimeFieldOutOfBounds(String detail) {
        return new EvaluationException("DATETIME_FIELD_OUT_OF_BOUNDS.WITH_SUGGESTION", detail + "." + ANSI_HINT
                + " SQLSTATE: 22023");
    }

    public static EvaluationException invalidFractionOfSecond(String seconds) {
        return new EvaluationException("INVALID_FRACTION_OF_SECOND", "Valid range for seconds is [0, 60]"
                + " (inclusive), but the provided value is " + seconds + ". To avoid this error, use"
                + " `try_make_timestamp`, which returns NULL on error. SQLSTATE: 22023");
    }

    public static EvaluationException invalidTimeZone(String zone) {
        return new EvaluationException("INVALID_TIMEZONE", "The timezone: " + zone + " is invalid. The timezone"
                + " must be either a region-based zone ID or a zone offset. Region IDs must have the form"
                + " 'area/city', such as 'America/Los_Angeles'. Zone offsets must be in the format '(+|-)HH',"
                + " '(+|-)HH:mm' or '(+|-)HH:mm:ss', e.g '-08' , '+01:00' or '-13:33:33', and must be in the"
                + " range from -18:00 to +18:00. 'Z' and 'UTC' are accepted as synonyms for '+00:00'."
                + " SQLSTATE: 22009");
    }
}
