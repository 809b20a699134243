package dev.arus.engine.expr;

/** The aggregate functions Arus evaluates, as Spark names them. */
public enum AggregateFunction {
    COUNT, SUM, AVG, MIN, MAX
}
