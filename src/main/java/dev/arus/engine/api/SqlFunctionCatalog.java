package dev.arus.engine.api;

import dev.arus.engine.expr.analysis.SqlFunctions;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Arus's extension: the functions SQL text may call, as Spark's {@code SHOW FUNCTIONS} lists its
 * built-ins, for a caller outside the engine (an editor that completes them).
 */
public final class SqlFunctionCatalog {

    private SqlFunctionCatalog() {
    }

    /**
     * Every function's lower-case name, in alphabetical order, with its kind: {@code scalar},
     * {@code aggregate}, {@code generator} or {@code window} (see {@link SqlFunctions.Kind}).
     */
    public static Map<String, String> kinds() {
        Map<String, String> kinds = new LinkedHashMap<>();
        SqlFunctions.all().forEach(function -> kinds.put(function.name(), function.kind().label()));
        return kinds;
    }
}
