package dev.arus.engine.streaming;

/**
 * Expression text that does not follow the grammar. The message says where and what was
 * expected: {@code [PARSE_SYNTAX_ERROR] Syntax error at or near ')' at position 12: expected an
 * expression}.
 */
public class ParseException extends AnalysisException {

    public ParseException(String message, int position, String expression) {
        super("PARSE_SYNTAX_ERROR", message, position, expression);
    }
}
