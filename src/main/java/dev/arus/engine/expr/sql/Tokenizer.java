package dev.arus.engine.expr.sql;

import dev.arus.engine.streaming.ParseException;
import java.util.ArrayList;
import java.util.List;

/**
 * Splits expression text (and DDL type text, see {@link DataTypeParser}) into {@link Token}s,
 * ending with an {@code END} token. Strings take single or double quotes with Spark's backslash
 * escapes, a doubled quote standing for one ({@code 'it''s'}); a raw string ({@code r'\d+'})
 * keeps every character as written. Identifiers may be back-quoted, with {@code ``} standing for
 * a back-quote inside. A number keeps Spark's type suffix ({@code 10L}, {@code 1.5BD}) for the
 * parser to read. Comments are Spark's, {@code --} to the end of the line and {@code /* ... * /}
 * (nested), and count as white space.
 */
final class Tokenizer {

    private static final String[] SYMBOLS = {
        "<=>", "==", "!=", "<>", "<=", ">=", "||", "::", "->", "(", ")", "[", "]", ",", ".", "*", "+", "-", "/",
        "%", "=", "<", ">", "!", ":", ";"
    };

    private final String text;
    private final List<Token> tokens = new ArrayList<>();
    private int position;

    private Tokenizer(String text) {
        this.text = text;
    }

    static List<Token> tokenize(String text) {
        Tokenizer tokenizer = new Tokenizer(text);
        tokenizer.run();
        return tokenizer.tokens;
    }

    private void run() {
        while (true) {
            skipWhitespace();
            if (position >= text.length()) {
                tokens.add(new Token(Token.Kind.END, "", text.length(), text.length()));
                return;
            }
            char c = text.charAt(position);
            if (Character.isLetter(c) || c == '_') {
                readIdentifier();
            } else if (Character.isDigit(c) || (c == '.' && startsFraction())) {
                readNumber();
            } else if (c == '\'' || c == '"') {
                readString(c);
            } else if (c == '`') {
                readQuotedIdentifier();
            } else {
                readSymbol();
            }
        }
    }

    /** Skips white space and Spark's comments: {@code -- to the end of the line} and {@code /* nested * /}. */
    private void skipWhitespace() {
        while (position < text.length()) {
            if (Character.isWhitespace(text.charAt(position))) {
                position++;
            } else if (text.startsWith("--", position)) {
                int end = text.indexOf('\n', position);
                position = end < 0 ? text.length() : end + 1;
            } else if (text.startsWith("/*", position)) {
                skipBracketedComment();
            } else {
                return;
            }
        }
    }

    private void skipBracketedComment() {
        int start = position;
        int depth = 0;
        while (position < text.length()) {
            if (text.startsWith("/*", position)) {
                depth++;
                position += 2;
            } else if (text.startsWith("*/", position)) {
                depth--;
                position += 2;
                if (depth == 0) {
                    return;
                }
            } else {
                position++;
            }
        }
        throw new ParseException("UNCLOSED_BRACKETED_COMMENT", "[UNCLOSED_BRACKETED_COMMENT] Found an unclosed"
                + " bracketed comment. Please, append */ at the end of the comment. SQLSTATE: 42601", start, text);
    }

    /** A '.' starts a number like {@code .5} unless it follows something that has fields. */
    private boolean startsFraction() {
        if (position + 1 >= text.length() || !Character.isDigit(text.charAt(position + 1))) {
            return false;
        }
        if (tokens.isEmpty()) {
            return true;
        }
        Token previous = tokens.get(tokens.size() - 1);
        return previous.kind() == Token.Kind.SYMBOL && !previous.isSymbol(")");
    }

    private void readIdentifier() {
        int start = position;
        while (position < text.length()
                && (Character.isLetterOrDigit(text.charAt(position)) || text.charAt(position) == '_')) {
            position++;
        }
        String word = text.substring(start, position);
        if (word.equalsIgnoreCase("r") && position < text.length()
                && (text.charAt(position) == '\'' || text.charAt(position) == '"')) {
            readRawString(start);
            return;
        }
        tokens.add(new Token(Token.Kind.IDENTIFIER, word, start, position));
    }

    /** Digits with an optional fraction, exponent and Spark's type suffix: Y, S, L, F, D or BD. */
    private void readNumber() {
        int start = position;
        digits();
        if (position < text.length() && text.charAt(position) == '.') {
            position++;
            digits();
        }
        if (position < text.length() && (text.charAt(position) == 'e' || text.charAt(position) == 'E')) {
            int exponent = position++;
            if (position < text.length() && (text.charAt(position) == '+' || text.charAt(position) == '-')) {
                position++;
            }
            if (position >= text.length() || !Character.isDigit(text.charAt(position))) {
                throw error("malformed number exponent", exponent);
            }
            digits();
        }
        if (text.regionMatches(true, position, "BD", 0, 2) && !continuesIdentifier(position + 2)) {
            position += 2;
        } else if (position < text.length() && "YySsLlFfDd".indexOf(text.charAt(position)) >= 0
                && !continuesIdentifier(position + 1)) {
            position++;
        }
        if (continuesIdentifier(position)) {
            throw error("unexpected character '" + text.charAt(position) + "' in a number", position);
        }
        tokens.add(new Token(Token.Kind.NUMBER, text.substring(start, position), start, position));
    }

    private boolean continuesIdentifier(int at) {
        return at < text.length() && (Character.isLetterOrDigit(text.charAt(at)) || text.charAt(at) == '_');
    }

    private void digits() {
        while (position < text.length() && Character.isDigit(text.charAt(position))) {
            position++;
        }
    }

    private void readString(char quote) {
        int start = position++;
        StringBuilder value = new StringBuilder();
        while (position < text.length()) {
            char c = text.charAt(position++);
            if (c == quote && position < text.length() && text.charAt(position) == quote) {
                value.append(quote);
                position++;
            } else if (c == quote) {
                tokens.add(new Token(Token.Kind.STRING, value.toString(), start, position));
                return;
            } else if (c == '\\' && position < text.length()) {
                appendEscape(value, text.charAt(position++));
            } else {
                value.append(c);
            }
        }
        throw error("unclosed string literal", start);
    }

    /** {@code r'...'}: no escapes, so a regular expression or a path reads as written. */
    private void readRawString(int start) {
        char quote = text.charAt(position++);
        int end = text.indexOf(quote, position);
        if (end < 0) {
            throw error("unclosed string literal", start);
        }
        tokens.add(new Token(Token.Kind.STRING, text.substring(position, end), start, end + 1));
        position = end + 1;
    }

    /** Spark's {@code unescapeSQLString}: {@code \%} and {@code \_} keep their backslash. */
    private static void appendEscape(StringBuilder value, char escaped) {
        switch (escaped) {
            case 'n' -> value.append('\n');
            case 't' -> value.append('\t');
            case 'r' -> value.append('\r');
            case 'b' -> value.append('\b');
            case '0' -> value.append('\u0000');
            case 'Z' -> value.append('\u001A');
            case '%', '_' -> value.append('\\').append(escaped);
            default -> value.append(escaped);
        }
    }

    private void readQuotedIdentifier() {
        int start = position++;
        StringBuilder name = new StringBuilder();
        while (position < text.length()) {
            char c = text.charAt(position++);
            if (c == '`') {
                if (position < text.length() && text.charAt(position) == '`') {
                    name.append('`');
                    position++;
                } else {
                    tokens.add(new Token(Token.Kind.QUOTED_IDENTIFIER, name.toString(), start, position));
                    return;
                }
            } else {
                name.append(c);
            }
        }
        throw error("unclosed back-quoted identifier", start);
    }

    private void readSymbol() {
        for (String symbol : SYMBOLS) {
            if (text.startsWith(symbol, position)) {
                tokens.add(new Token(Token.Kind.SYMBOL, symbol, position, position + symbol.length()));
                position += symbol.length();
                return;
            }
        }
        throw error("unexpected character '" + text.charAt(position) + "'", position);
    }

    private ParseException error(String what, int at) {
        return new ParseException("[PARSE_SYNTAX_ERROR] Syntax error at position " + at + ": " + what,
                at, text);
    }
}
