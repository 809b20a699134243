package dev.arus.engine.expr;

import dev.arus.engine.data.ArrayType;
import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.DataType;
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

/**
 * Spark's DDL for types and schemas, as {@code DataType.fromDDL} and {@code StructType.fromDDL}
 * read it: a column list {@code a INT, b STRING NOT NULL COMMENT 'why', c ARRAY<INT>,
 * d MAP<STRING, BIGINT>, e STRUCT<x: INT, y STRING>} or one type {@code STRUCT<a: INT>}. Type
 * names are case-insensitive with Spark's synonyms ({@code INTEGER}, {@code LONG},
 * {@code TIMESTAMP_LTZ}); a type Spark knows that Arus does not have yet ({@code DECIMAL(10,2)},
 * {@code DATE}, {@code FLOAT}) is refused naming it, error class {@code UNSUPPORTED_DATATYPE}, as
 * is a name Spark does not know; malformed text is a {@code PARSE_SYNTAX_ERROR}. Errors carry the
 * 0-based position in the text. Comments are read and dropped. Stateless and thread-safe.
 *
 * <p>It lives beside the expression parser because it shares its tokenizer and its errors, which
 * are the engine's {@link ParseException}; sources and the query planner call it directly.
 */
public final class DataTypeParser {

    /** The longest DDL text, in characters: a schema of some thousand columns. */
    public static final int MAX_LENGTH = 100_000;

    private static final Map<String, AtomicType> SUPPORTED = Map.ofEntries(
            Map.entry("boolean", AtomicType.BOOLEAN),
            Map.entry("int", AtomicType.INT), Map.entry("integer", AtomicType.INT),
            Map.entry("bigint", AtomicType.LONG), Map.entry("long", AtomicType.LONG),
            Map.entry("double", AtomicType.DOUBLE),
            Map.entry("string", AtomicType.STRING),
            Map.entry("binary", AtomicType.BINARY),
            Map.entry("timestamp", AtomicType.TIMESTAMP), Map.entry("timestamp_ltz", AtomicType.TIMESTAMP),
            Map.entry("void", AtomicType.NULL));

    /** Spark's type keywords (SqlBaseParser's {@code type} rule) for types Arus does not have yet. */
    private static final Set<String> NOT_YET_SUPPORTED = Set.of("tinyint", "byte", "smallint", "short", "float",
            "real", "date", "timestamp_ntz", "time", "character", "char", "varchar", "decimal", "dec", "numeric",
            "interval", "variant");

    private final String text;
    private final List<Token> tokens;
    private int index;
    private int depth;

    private DataTypeParser(String text) {
        if (text.length() > MAX_LENGTH) {
            throw new ParseException("[PARSE_SYNTAX_ERROR] The type text is " + text.length()
                    + " characters long; at most " + MAX_LENGTH + " are allowed", MAX_LENGTH, text);
        }
        this.text = text;
        this.tokens = Tokenizer.tokenize(text);
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
                && (second.kind() == Token.Kind.END || second.isSymbol("("));
        return complex || single ? parseDataType(text) : parseTableSchema(text);
    }

    /**
     * The type of a name without parameters ({@code BIGINT}, {@code long}), or null when it is
     * not one of Arus's types; {@code CAST} and {@code Column.cast} use it.
     */
    static AtomicType atomicType(String name) {
        return SUPPORTED.get(name.toLowerCase(Locale.ROOT));
    }

    /** Whether Spark knows this type name although Arus does not support it yet. */
    static boolean isNotYetSupported(String name) {
        return NOT_YET_SUPPORTED.contains(name.toLowerCase(Locale.ROOT));
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
        StringBuilder written = new StringBuilder(name.text().toUpperCase(Locale.ROOT));
        boolean parameters = acceptSymbol("(");
        if (parameters) {
            written.append('(');
            do {
                Token number = next();
                if (number.kind() != Token.Kind.NUMBER) {
                    throw error(number, "expected an integer type parameter");
                }
                written.append(written.charAt(written.length() - 1) == '(' ? "" : ",").append(number.text());
            } while (acceptSymbol(","));
            expectSymbol(")");
            written.append(')');
        }
        AtomicType type = SUPPORTED.get(lower);
        if (type != null && !parameters) {
            return type;
        }
        if (!parameters && (lower.equals("array") || lower.equals("map") || lower.equals("struct"))) {
            String kind = lower.toUpperCase(Locale.ROOT);
            throw new ParseException("INCOMPLETE_TYPE_DEFINITION." + kind, "[INCOMPLETE_TYPE_DEFINITION." + kind
                    + "] Incomplete complex type: The definition of \"" + kind + "\" type at position "
                    + name.position() + " is incomplete: it needs " + (lower.equals("map")
                            ? "a key and a value type, such as \"MAP<STRING, INT>\""
                            : lower.equals("array") ? "an element type, such as \"ARRAY<INT>\""
                            : "its fields, such as \"STRUCT<a: INT>\"") + ". SQLSTATE: 42K01",
                    name.position(), text);
        }
        String detail = type != null ? "the type takes no parameters"
                : NOT_YET_SUPPORTED.contains(lower) ? "Arus does not support it yet"
                : "it is not a Spark SQL type";
        throw new ParseException("UNSUPPORTED_DATATYPE", "[UNSUPPORTED_DATATYPE] Unsupported data type \""
                + written + "\" at position " + name.position() + ": " + detail + ". SQLSTATE: 0A000",
                name.position(), text);
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

    private Token peek() {
        return tokens.get(index);
    }

    private Token next() {
        Token token = tokens.get(index);
        if (token.kind() != Token.Kind.END) {
            index++;
        }
        return token;
    }

    private boolean acceptSymbol(String symbol) {
        if (peek().isSymbol(symbol)) {
            index++;
            return true;
        }
        return false;
    }

    private void expectSymbol(String symbol) {
        if (!acceptSymbol(symbol)) {
            throw error(peek(), "expected '" + symbol + "'");
        }
    }

    private void expectEnd() {
        if (peek().kind() != Token.Kind.END) {
            throw error(peek(), "expected ',' or end of input");
        }
    }

    private ParseException error(Token token, String expected) {
        return new ParseException("[PARSE_SYNTAX_ERROR] Syntax error at or near " + token.describe()
                + " at position " + token.position() + ": " + expected, token.position(), text);
    }
}
