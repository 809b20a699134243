package dev.arus.engine.expr.bind;

import java.util.BitSet;
import java.util.List;

/**
 * The names a lambda's body can use for the lambda's parameters, in front of those of the lambdas
 * around it, as Spark's {@code ResolveLambdaVariables} has it: the innermost lambda's parameter of
 * a name wins, then the enclosing lambdas', then a column. The body is bound against its
 * enclosing expression's columns followed by the parameters, which start at {@link #firstOrdinal};
 * the scope records which enclosing columns the body reads, so that the lambda repeats only those
 * for each element. A hidden lambda (an expression standing for a function, {@code transform(a,
 * 0)}) has parameters nobody can name.
 */
public final class LambdaScope {

    private final LambdaScope outer;
    private final List<String> names;
    private final int firstOrdinal;
    private final BitSet used = new BitSet();

    /** {@code names} null for a hidden lambda's parameters; {@code outer} null for the outermost lambda. */
    LambdaScope(LambdaScope outer, List<String> names, int firstOrdinal) {
        this.outer = outer;
        this.names = names;
        this.firstOrdinal = firstOrdinal;
    }

    /** The ordinal of the parameter called {@code name} in this scope or an enclosing one, or -1. */
    int resolve(String name) {
        for (LambdaScope scope = this; scope != null; scope = scope.outer) {
            if (scope.names != null) {
                for (int k = 0; k < scope.names.size(); k++) {
                    if (scope.names.get(k).equalsIgnoreCase(name)) {
                        return scope.firstOrdinal + k;
                    }
                }
            }
        }
        return -1;
    }

    /** Notes that the body reads the column at {@code ordinal}: every lambda it lies outside of repeats it. */
    void markUsed(int ordinal) {
        for (LambdaScope scope = this; scope != null && ordinal < scope.firstOrdinal; scope = scope.outer) {
            scope.used.set(ordinal);
        }
    }

    /** The columns before the parameters that the body reads. */
    public int[] usedColumns() {
        return used.stream().toArray();
    }

    /** How many columns come before the parameters: those of the expression around the lambda. */
    public int firstOrdinal() {
        return firstOrdinal;
    }
}
