package dev.arus.engine.expr.sql;

/**
 * A lexical unit of expression text. {@code text} is the token as written, except for strings
 * and quoted identifiers, whose text is the unescaped content. {@code position} is the 0-based
 * offset of its first character, {@code end} the offset just after its last.
 */
record Token(Kind kind, String text, int position, int end) {

    enum Kind { IDENTIFIER, QUOTED_IDENTIFIER, STRING, NUMBER, SYMBOL, END }

    boolean isSymbol(String symbol) {
        return kind == Kind.SYMBOL && text.equals(symbol);
    }

    /** Whether this is the unquoted word {@code keyword}, compared case-insensitively. */
    boolean isKeyword(String keyword) {
        return kind == Kind.IDENTIFIER && text.equalsIgnoreCase(keyword);
    }

    /** How error messages show the token: {@code ')'} or {@code end of input}. */
    String describe() {
        return switch (kind) {
            case END -> "end of input";
            case STRING -> "'" + text + "'";
            case QUOTED_IDENTIFIER -> "'`" + text + "`'";
            default -> "'" + text + "'";
        };
    }
}
