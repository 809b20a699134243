package dev.arus.engine.expr.sql;

import dev.arus.engine.data.ArrayType;
import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.DataType;
import dev.arus.engine.data.DayTimeIntervalType.IntervalField;
import dev.arus.engine.data.DayTimeIntervalType;
import dev.arus.engine.data.DecimalType;
import dev.arus.engine.data.Field;
import dev.arus.engine.data.MapType;
import dev.arus.engine.data.Schema;
import dev.arus.engine.data.StructType;
import dev.arus.engine.streaming.ParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Spark's DDL for types and schemas, as {@code DataType.fromDDL} and {@code StructType.fromDDL}
 * read it: a column list {@code a INT, b STRING NOT NULL COMMENT 'why', c ARRAY<INT>,
 * d MAP<STRING, BIGINT>, e STRUCT<x: INT, y STRING>, f DECIMAL(10, 2)} or one type
 * {@code STRUCT<a: INT>}. Type names are case-insensitive with Spark's synonyms ({@code INTEGER},
 * {@code LONG}, {@code BYTE}, {@code REAL}, {@code DEC}, {@code TIMESTAMP_LTZ}); {@code DECIMAL}
 * alone is {@code DECIMAL(10,0)} and {@code DECIMAL(p)} is {@code DECIMAL(p,0)}; day-time
 * intervals are {@code INTERVAL DAY}, {@code INTERVAL HOUR TO SECOND} and the like. A type Spark
 * knows that Arus does not have yet ({@code TIMESTAMP_NTZ}, {@code VARCHAR(10)},
 * {@code INTERVAL YEAR}) is refused naming it, error class {@code UNSUPPORTED_DATATYPE}, as is a
 * name Spark does not know; malformed text is a {@code PARSE_SYNTAX_ERROR}. Errors carry the
 * 0-based position in the text. Comments are read and dropped. Stateless and thread-safe.
 *
 * <p>It lives beside the expression parser because it shares its tokenizer and its errors, which
 * are the engine's {@link ParseException}; sources and the query planner call it directly.
 */
public final class DataTypeParser extends TokenParser {

    /** The longest DDL text, in characters: a schema of some thousand columns. */
    public static final int MAX_LENGTH = 100_000;

    private static final Map<String, AtomicType> SUPPORTED = Map.ofEntries(
            Map.entry("boolean", AtomicType.BOOLEAN),
            Map.entry("tinyint", AtomicType.BYTE), Map.entry("byte", AtomicType.BYTE),
            Map.entry("smallint", AtomicType.SHORT), Map.entry("short", AtomicType.SHORT),
            Map.entry("int", AtomicType.INT), Map.entry("integer", AtomicType.INT),
            Map.entry("bigint", AtomicType.LONG), Map.entry("long", AtomicType.LONG),
            Map.entry("float", AtomicType.FLOAT), Map.entry("real", AtomicType.FLOAT),
            Map.entry("double", AtomicType.DOUBLE),
            Map.entry("date", AtomicType.DATE),
            Map.entry("string", AtomicType.STRING),
            Map.entry("binary", AtomicType.BINARY),
            Map.entry("timestamp", AtomicType.TIMESTAMP), Map.entry("timestamp_ltz", AtomicType.TIMESTAMP),
            Map.entry("void", AtomicType.NULL));

    /** Spark's type keywords (SqlBaseParser's {@code type} rule) for types Arus does not have yet. */
    private static final Set<String> NOT_YET_SUPPORTED = Set.of("timestamp_ntz", "time", "character", "char",
            "varchar", "variant");

    private static final Set<String> DECIMAL_NAMES = Set.of("decimal", "dec", "numeric");

    private int depth;

    private DataTypeParser(String text) {
        super(text, tokenize(text, MAX_LENGTH, "The type text"), 0);
    }

    private DataTypeParser(String text, List<Token> tokens, int index) {
        super(text, tokens, index);
    }

    /** A type read from already tokenized text, as CAST's target: the type and the index of the token after it. */
    record Parsed(DataType type, int next) {
    }

    /** The type that starts at token {@code start} of {@code tokens}, the tokens of {@code text}. */
    static Parsed parseAt(String text, List<Token> tokens, int start) {
        DataTypeParser parser = new DataTypeParser(text, tokens, start);
        DataType type = parser.dataType();
        return new Parsed(type, parser.index);
    }

    /** One type: {@code INT}, {@code ARRAY<STRING>}, {@code STRUCT<a: INT, b: STRING>}. */
    public static DataType parseDataType(String text) {
        DataTypeParser parser = new DataTypeParser(text);
        DataType type = parser.dataType();
        parser.expectEnd();
        return type;
    }

    /** A column list, {@code a INT, b STRING NOT NULL}, as the struct of its columns. */
    public static StructType parseTableSchema(String text) {
        DataTypeParser parser = new DataTypeParser(text);
        List<Field> columns = new ArrayList<>();
        do {
            columns.add(parser.field(false));
        } while (parser.acceptSymbol(","));
        parser.expectEnd();
        return new StructType(columns);
    }

    /** A column list as a {@link Schema}, for sources whose schema is given as DDL. */
    public static Schema parseSchema(String text) {
        return new Schema(parseTableSchema(text).fields());
    }

    /**
     * Spark's {@code DataType.fromDDL}: one type when the text is one ({@code INT},
     * {@code STRUCT<...>}, {@code MAP<...>}), else a column list as a struct. Spark tries the
     * first and falls back to the second; Arus decides from the first tokens, so that an error
     * is reported against the form the text is written in.
     */
    public static DataType fromDDL(String text) {
        DataTypeParser probe = new DataTypeParser(text);
        Token first = probe.tokens.get(0);
        Token second = probe.tokens.get(Math.min(1, probe.tokens.size() - 1));
        boolean complex = (first.isKeyword("array") || first.isKeyword("map") || first.isKeyword("struct"))
                && (second.isSymbol("<") || second.isSymbol("<>"));
        boolean single = first.kind() == Token.Kind.IDENTIFIER
                && (second.kind() == Token.Kind.END || second.isSymbol("(") || first.isKeyword("interval"));
        return complex || single ? parseDataType(text) : parseTableSchema(text);
    }

    private DataType dataType() {
        if (++depth > ExpressionParser.MAX_DEPTH) {
            throw new ParseException("[PARSE_SYNTAX_ERROR] The type is nested too deeply at position "
                    + peek().position() + ": at most " + ExpressionParser.MAX_DEPTH + " levels are allowed",
                    peek().position(), text);
        }
        try {
            Token name = next();
            if (name.kind() != Token.Kind.IDENTIFIER) {
                throw error(name, "expected a type such as INT, STRING or ARRAY<...>");
            }
            String lower = name.text().toLowerCase(Locale.ROOT);
            if (lower.equals("array") && acceptSymbol("<")) {
                DataType element = dataType();
                expectSymbol(">");
                return new ArrayType(element, true);
            }
            if (lower.equals("map") && acceptSymbol("<")) {
                DataType key = dataType();
                expectSymbol(",");
                DataType value = dataType();
                expectSymbol(">");
                return new MapType(key, value, true);
            }
            if (lower.equals("struct") && acceptSymbol("<>")) {
                return new StructType(List.of());
            }
            if (lower.equals("struct") && acceptSymbol("<")) {
                List<Field> fields = new ArrayList<>();
                if (!acceptSymbol(">")) {
                    do {
                        fields.add(field(true));
                    } while (acceptSymbol(","));
                    expectSymbol(">");
                }
                return new StructType(fields);
            }
            return primitive(name, lower);
        } finally {
            depth--;
        }
    }

    /** {@code INT}, {@code DECIMAL(10, 2)}: Spark accepts parameters after any type name. */
    private DataType primitive(Token name, String lower) {
        if (lower.equals("interval")) {
            return interval(name);
        }
        List<Token> parameters = new ArrayList<>();
        if (acceptSymbol("(")) {
            do {
                Token number = next();
                if (number.kind() != Token.Kind.NUMBER || !number.text().chars().allMatch(Character::isDigit)) {
                    throw error(number, "expected an integer type parameter");
                }
                parameters.add(number);
            } while (acceptSymbol(","));
            expectSymbol(")");
        }
        if (DECIMAL_NAMES.contains(lower) && parameters.size() <= 2) {
            return decimal(name, parameters);
        }
        AtomicType type = SUPPORTED.get(lower);
        if (type != null && parameters.isEmpty()) {
            return type;
        }
        if (parameters.isEmpty() && (lower.equals("array") || lower.equals("map") || lower.equals("struct"))) {
            String kind = lower.toUpperCase(Locale.ROOT);
            throw new ParseException("INCOMPLETE_TYPE_DEFINITION." + kind, "[INCOMPLETE_TYPE_DEFINITION." + kind
                    + "] Incomplete complex type: The definition of \"" + kind + "\" type at position "
                    + name.position() + " is incomplete: it needs " + (lower.equals("map")
                            ? "a key and a value type, such as \"MAP<STRING, INT>\""
                            : lower.equals("array") ? "an element type, such as \"ARRAY<INT>\""
                            : "its fields, such as \"STRUCT<a: INT>\"") + ". SQLSTATE: 42K01",
                    name.position(), text);
        }
        String written = name.text().toUpperCase(Locale.ROOT) + (parameters.isEmpty() ? ""
                : parameters.stream().map(Token::text).collect(Collectors.joining(",", "(", ")")));
        String detail = DECIMAL_NAMES.contains(lower) ? "the type takes a precision and a scale at most"
                : type != null ? "the type takes no parameters"
                : NOT_YET_SUPPORTED.contains(lower) ? "Arus does not support it yet"
                : "it is not a Spark SQL type";
        throw unsupported(written, name, detail);
    }

    /** {@code DECIMAL}, {@code DECIMAL(p)} or {@code DECIMAL(p, s)}, within Spark's limits. */
    private DataType decimal(Token name, List<Token> parameters) {
        if (parameters.isEmpty()) {
            return DecimalType.USER_DEFAULT;
        }
        int precision = parameter(parameters.get(0));
        int scale = parameters.size() > 1 ? parameter(parameters.get(1)) : 0;
        if (precision > DecimalType.MAX_PRECISION) {
            throw new ParseException("DECIMAL_PRECISION_EXCEEDS_MAX_PRECISION",
                    "[DECIMAL_PRECISION_EXCEEDS_MAX_PRECISION] Decimal precision " + precision
                            + " exceeds max precision " + DecimalType.MAX_PRECISION + ". SQLSTATE: 22003",
                    name.position(), text);
        }
        if (precision == 0 || scale > precision) {
            throw new ParseException("INVALID_DECIMAL_TYPE", "[INVALID_DECIMAL_TYPE] DECIMAL(" + precision + ","
                    + scale + ") at position " + name.position() + " is not a decimal type: the precision must be"
                    + " at least 1 and the scale at most the precision.", name.position(), text);
        }
        return new DecimalType(precision, scale);
    }

    private static int parameter(Token number) {
        try {
            return Integer.parseInt(number.text());
        } catch (NumberFormatException e) {
            return Integer.MAX_VALUE;
        }
    }

    /** {@code INTERVAL DAY}, {@code INTERVAL DAY TO SECOND}: Spark's day-time interval types. */
    private DataType interval(Token name) {
        Token start = next();
        IntervalField from = intervalField(start);
        IntervalField to = from;
        if (peek().isKeyword("to")) {
            next();
            Token end = next();
            to = intervalField(end);
            if (to.compareTo(from) <= 0) {
                throw error(end, "expected an interval field smaller than " + from);
            }
        }
        return new DayTimeIntervalType(from, to);
    }

    private IntervalField intervalField(Token token) {
        String word = token.kind() == Token.Kind.IDENTIFIER ? token.text().toUpperCase(Locale.ROOT) : "";
        if (word.equals("YEAR") || word.equals("MONTH")) {
            throw unsupported("INTERVAL " + word, token, "Arus has day-time intervals only, not year-month ones");
        }
        for (IntervalField field : IntervalField.values()) {
            if (field.name().equals(word)) {
                return field;
            }
        }
        throw error(token, "expected an interval field: DAY, HOUR, MINUTE or SECOND");
    }

    private ParseException unsupported(String written, Token at, String detail) {
        return new ParseException("UNSUPPORTED_DATATYPE", "[UNSUPPORTED_DATATYPE] Unsupported data type \""
                + written + "\" at position " + at.position() + ": " + detail + ". SQLSTATE: 0A000",
                at.position(), text);
    }

    /** A column ({@code name TYPE}) or, inside STRUCT, a field ({@code name[:] TYPE}). */
    private Field field(boolean insideStruct) {
        Token name = next();
        if (name.kind() != Token.Kind.IDENTIFIER && name.kind() != Token.Kind.QUOTED_IDENTIFIER) {
            throw error(name, insideStruct ? "expected a field name" : "expected a column name");
        }
        if (insideStruct) {
            acceptSymbol(":");
        }
        DataType type = dataType();
        boolean nullable = true;
        if (peek().isKeyword("not")) {
            next();
            if (!peek().isKeyword("null")) {
                throw error(peek(), "expected NULL after NOT");
            }
            next();
            nullable = false;
        }
        if (peek().isKeyword("comment")) {
            next();
            Token comment = next();
            if (comment.kind() != Token.Kind.STRING) {
                throw error(comment, "expected a string literal after COMMENT");
            }
        }
        return new Field(name.text(), type, nullable);
    }

    private void expectEnd() {
        if (peek().kind() != Token.Kind.END) {
            throw error(peek(), "expected ',' or end of input");
        }
    }
}
