package dev.arus.engine.expr.sql;

import dev.arus.engine.streaming.ParseException;
import java.util.List;

/**
 * What the expression and type parsers share: a cursor over the tokens of a text, {@code index}
 * being the next token's (the end token is never passed), and their errors, a
 * {@code PARSE_SYNTAX_ERROR} at a token saying what was expected there and at which 0-based
 * position.
 */
abstract class TokenParser {

    final String text;
    final List<Token> tokens;
    int index;

    TokenParser(String text, List<Token> tokens, int index) {
        this.text = text;
        this.tokens = tokens;
        this.index = index;
    }

    /** The tokens of {@code text}, refused when it is longer than {@code maxLength} characters, the limit of {@code what}. */
    static List<Token> tokenize(String text, int maxLength, String what) {
        if (text.length() > maxLength) {
            throw new ParseException("[PARSE_SYNTAX_ERROR] " + what + " is " + text.length()
                    + " characters long; at most " + maxLength + " are allowed", maxLength, text);
        }
        return Tokenizer.tokenize(text);
    }

    final Token peek() {
        return tokens.get(index);
    }

    final Token next() {
        Token token = tokens.get(index);
        if (token.kind() != Token.Kind.END) {
            index++;
        }
        return token;
    }

    final boolean acceptSymbol(String symbol) {
        if (peek().isSymbol(symbol)) {
            index++;
            return true;
        }
        return false;
    }

    final void expectSymbol(String symbol) {
        if (!acceptSymbol(symbol)) {
            throw error(peek(), "expected '" + symbol + "'");
        }
    }

    final ParseException error(Token token, String expected) {
        return new ParseException("[PARSE_SYNTAX_ERROR] Syntax error at or near " + token.describe()
                + " at position " + token.position() + ": " + expected, token.position(), text);
    }
}
