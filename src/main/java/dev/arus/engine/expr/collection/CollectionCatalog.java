package dev.arus.engine.expr.collection;

import dev.arus.engine.expr.bind.ScalarFunction;
import java.util.List;

/**
 * The functions that build or read arrays, maps and structs (those that take lambdas are {@link
 * HigherOrderFunctions}), as {@code FunctionRegistry} registers them: one entry each, with the
 * binding that lives with the function's own class. Adding a function of this family is one class
 * plus one line here.
 */
public final class CollectionCatalog {

    private static final int ANY = Integer.MAX_VALUE;

    public static final List<ScalarFunction> FUNCTIONS = List.of(
            new ScalarFunction("array", 0, ANY, CreateArray::bind),
            new ScalarFunction("array_contains", 2, 2, ArrayContains::bind),
            new ScalarFunction("cardinality", 1, 1, CollectionSize.binding("cardinality")),
            new ScalarFunction("element_at", 2, 2, ElementAt::bindFunction),
            new ScalarFunction("map", 0, ANY, CreateMap::bind),
            new ScalarFunction("named_struct", 0, ANY, CreateStruct::bindNamed),
            new ScalarFunction("sequence", 2, 3, Sequence::bind),
            new ScalarFunction("size", 1, 1, CollectionSize.binding("size")),
            new ScalarFunction("struct", 0, ANY, CreateStruct::bind));

    private CollectionCatalog() {
    }
}
