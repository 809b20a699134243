package dev.arus.engine.expr.logic;

import dev.arus.engine.expr.bind.ScalarFunction;
import java.util.List;

/**
 * The conditional and null-handling functions, with {@code between}, {@code greatest} and {@code
 * least}, as {@code FunctionRegistry} registers them: one entry each, with the binding that lives
 * with the function's own class. Adding a function of this family is one class plus one line here.
 */
public final class LogicCatalog {

    private static final int ANY = Integer.MAX_VALUE;

    public static final List<ScalarFunction> FUNCTIONS = List.of(
            new ScalarFunction("between", 3, 3, ComparisonBinder::bindBetween),
            new ScalarFunction("coalesce", 1, ANY, Coalesce::bind),
            new ScalarFunction("greatest", 0, ANY, Extremum::bindGreatest),
            new ScalarFunction("if", 3, 3, CaseWhen::bindIf),
            new ScalarFunction("ifnull", 2, 2, NullFunctions::bindIfNull),
            new ScalarFunction("isnotnull", 1, 1, NullFunctions::bindIsNotNull),
            new ScalarFunction("isnull", 1, 1, NullFunctions::bindIsNull),
            new ScalarFunction("least", 0, ANY, Extremum::bindLeast),
            new ScalarFunction("nullif", 2, 2, NullFunctions::bindNullIf),
            new ScalarFunction("nvl", 2, 2, NullFunctions::bindNvl),
            new ScalarFunction("nvl2", 3, 3, NullFunctions::bindNvl2));

    private LogicCatalog() {
    }
}
