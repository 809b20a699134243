package dev.arus.engine.expr.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arus.engine.expr.bind.ScalarFunction;
import org.junit.jupiter.api.Test;

class FunctionRegistryTest {

    @Test
    void findsEachScalarFunctionByItsLowerCaseName() {
        assertThat(FunctionRegistry.lookup("from_json")).extracting(ScalarFunction::name, ScalarFunction::minArguments,
                ScalarFunction::maxArguments).containsExactly("from_json", 2, 2);
        assertThat(FunctionRegistry.lookup("struct").maxArguments()).isEqualTo(Integer.MAX_VALUE);
        assertThat(FunctionRegistry.lookup("count")).isNull();
        assertThat(FunctionRegistry.lookup("nope")).isNull();
    }

    @Test
    void suggestsScalarFunctionsAggregatesAndWindowInOrder() {
        assertThat(FunctionRegistry.names()).contains("abs", "get_json_object", "named_struct", "to_json", "count",
                "window").isSorted().doesNotHaveDuplicates();
    }
}
