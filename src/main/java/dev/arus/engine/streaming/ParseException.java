package dev.arus.engine.streaming;

/**
 * Expression text that does not follow the grammar. The message says where and what was
 * expected: {@code [PARSE_SYNTAX_ERROR] Syntax error at or near ')' at position 12: expected an
 * expression}.
 */
public class ParseException extends AnalysisException {

    public static final String PARSE_SYNTAX_ERROR = "PARSE_SYNTAX_ERROR";

    public ParseException(String message, int position, String expression) {
        this(PARSE_SYNTAX_ERROR, message, position, expression);
    }

    /** A literal that does not parse, such as a malformed interval, with that value's error class. */
    public ParseException(String errorClass, String message, int position, String expression) {
        super(errorClass, message, position, expression);
    }
}
