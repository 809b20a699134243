package dev.arus.engine.expr;

/** The infix operators of the expression language, with the symbol Spark prints for each. */
public enum BinaryOperator {
    ADD("+"),
    SUBTRACT("-"),
    MULTIPLY("*"),
    DIVIDE("/"),
    INTEGRAL_DIVIDE("div"),
    REMAINDER("%"),
    EQUAL("="),
    NULL_SAFE_EQUAL("<=>"),
    LESS_THAN("<"),
    LESS_THAN_OR_EQUAL("<="),
    GREATER_THAN(">"),
    GREATER_THAN_OR_EQUAL(">="),
    AND("AND"),
    OR("OR");

    private final String symbol;

    BinaryOperator(String symbol) {
        this.symbol = symbol;
    }

    public String symbol() {
        return symbol;
    }

    public boolean isArithmetic() {
        return ordinal() <= REMAINDER.ordinal();
    }

    public boolean isComparison() {
        return ordinal() >= EQUAL.ordinal() && ordinal() <= GREATER_THAN_OR_EQUAL.ordinal();
    }
}
