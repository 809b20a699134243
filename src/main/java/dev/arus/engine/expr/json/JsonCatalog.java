package dev.arus.engine.expr.json;

import dev.arus.engine.expr.bind.ScalarFunction;
import java.util.List;

/**
 * The JSON functions, as {@code FunctionRegistry} registers them: one entry each, with the binding
 * that lives with the function's own class. Adding a function of this family is one class plus one
 * line here.
 */
public final class JsonCatalog {

    public static final List<ScalarFunction> FUNCTIONS = List.of(
            new ScalarFunction("from_json", 2, 2, JsonToStruct::bind),
            new ScalarFunction("get_json_object", 2, 2, GetJsonObject::bind),
            new ScalarFunction("to_json", 1, 1, StructToJson::bind));

    private JsonCatalog() {
    }
}
