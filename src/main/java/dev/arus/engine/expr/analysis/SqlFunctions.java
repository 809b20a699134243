package dev.arus.engine.expr.analysis;

import dev.arus.engine.expr.aggregate.AggregateFunction;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The functions a SQL statement or an expression may call, as Spark's {@code SHOW FUNCTIONS}
 * lists its built-ins: every name the engine binds, read from where each kind is bound (the
 * scalar functions' registry, the aggregates, the generators and the two time windows), so the
 * list is never a copy to keep in step. An editor completes them.
 */
public final class SqlFunctions {

    /** Where a call of the function may stand, which is how it is bound. */
    public enum Kind {
        /** A value per row, anywhere an expression may stand. */
        SCALAR,
        /** One value per group: in a select list or HAVING of an aggregation. */
        AGGREGATE,
        /** Several rows per row: in a select list or LATERAL VIEW. */
        GENERATOR,
        /** {@code window} and {@code session_window}: a time window to group by. */
        WINDOW;

        /** The kind's name as the API shows it: {@code scalar}, {@code aggregate}, ... */
        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** A function by its lower-case name. */
    public record Function(String name, Kind kind) {
    }

    private static final Set<String> WINDOWS = Set.of("window", "session_window");

    private SqlFunctions() {
    }

    /** Every function, by name. */
    public static List<Function> all() {
        return FunctionRegistry.names().stream().distinct().map(name -> new Function(name, kindOf(name)))
                .sorted(Comparator.comparing(Function::name)).toList();
    }

    private static Kind kindOf(String name) {
        if (WINDOWS.contains(name)) {
            return Kind.WINDOW;
        }
        if (Generator.NAMES.contains(name)) {
            return Kind.GENERATOR;
        }
        return AggregateFunction.allNames().anyMatch(name::equals) ? Kind.AGGREGATE : Kind.SCALAR;
    }
}
