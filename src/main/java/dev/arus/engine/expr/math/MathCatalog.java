package dev.arus.engine.expr.math;

import dev.arus.engine.expr.bind.ScalarFunction;
import java.util.List;

/**
 * The arithmetic and math functions: the function forms of the operators, rounding, the DOUBLE
 * math functions and the conversions of numbers to other bases, as {@code FunctionRegistry}
 * registers them: one entry each, with the binding that lives with the function's own class.
 * Adding a function of this family is one class plus one line here.
 */
public final class MathCatalog {

    public static final List<ScalarFunction> FUNCTIONS = List.of(
            new ScalarFunction("abs", 1, 1, UnaryMath::bindAbs),
            new ScalarFunction("acos", 1, 1, MathFunctions.unary("ACOS", Math::acos)),
            new ScalarFunction("acosh", 1, 1, MathFunctions.unary("ACOSH", MathFunctions::acosh)),
            new ScalarFunction("asin", 1, 1, MathFunctions.unary("ASIN", Math::asin)),
            new ScalarFunction("asinh", 1, 1, MathFunctions.unary("ASINH", MathFunctions::asinh)),
            new ScalarFunction("atan", 1, 1, MathFunctions.unary("ATAN", Math::atan)),
            new ScalarFunction("atan2", 2, 2, MathFunctions::bindAtan2),
            new ScalarFunction("atanh", 1, 1, MathFunctions.unary("ATANH", MathFunctions::atanh)),
            new ScalarFunction("bround", 1, 2, RoundingFunctions::bindBRound),
            new ScalarFunction("cbrt", 1, 1, MathFunctions.unary("CBRT", Math::cbrt)),
            new ScalarFunction("ceil", 1, 2, RoundingFunctions::bindCeil),
            new ScalarFunction("ceiling", 1, 2, RoundingFunctions::bindCeiling),
            new ScalarFunction("conv", 3, 3, NumberBaseConversion::bind),
            new ScalarFunction("cos", 1, 1, MathFunctions.unary("COS", Math::cos)),
            new ScalarFunction("cosh", 1, 1, MathFunctions.unary("COSH", Math::cosh)),
            new ScalarFunction("cot", 1, 1, MathFunctions.unary("COT", x -> 1 / Math.tan(x))),
            new ScalarFunction("csc", 1, 1, MathFunctions.unary("CSC", x -> 1 / Math.sin(x))),
            new ScalarFunction("degrees", 1, 1, MathFunctions.unary("DEGREES", Math::toDegrees)),
            new ScalarFunction("e", 0, 0, MathFunctions.constant("E", Math.E)),
            new ScalarFunction("exp", 1, 1, MathFunctions::bindExp),
            new ScalarFunction("factorial", 1, 1, Factorial::bind),
            new ScalarFunction("floor", 1, 2, RoundingFunctions::bindFloor),
            new ScalarFunction("hex", 1, 1, HexDigits::bindHex),
            new ScalarFunction("ln", 1, 1, MathFunctions::bindLn),
            new ScalarFunction("log", 1, 2, MathFunctions::bindLog),
            new ScalarFunction("log10", 1, 1, MathFunctions::bindLog10),
            new ScalarFunction("log2", 1, 1, MathFunctions::bindLog2),
            new ScalarFunction("mod", 2, 2, ArithmeticFunctions::bindMod),
            new ScalarFunction("negative", 1, 1, ArithmeticFunctions::bindNegative),
            new ScalarFunction("pi", 0, 0, MathFunctions.constant("PI", Math.PI)),
            new ScalarFunction("pmod", 2, 2, ArithmeticFunctions::bindPmod),
            new ScalarFunction("positive", 1, 1, ArithmeticFunctions::bindPositive),
            new ScalarFunction("pow", 2, 2, MathFunctions::bindPow),
            new ScalarFunction("power", 2, 2, MathFunctions::bindPower),
            new ScalarFunction("radians", 1, 1, MathFunctions.unary("RADIANS", Math::toRadians)),
            new ScalarFunction("round", 1, 2, RoundingFunctions::bindRound),
            new ScalarFunction("sec", 1, 1, MathFunctions.unary("SEC", x -> 1 / Math.cos(x))),
            new ScalarFunction("sign", 1, 1, MathFunctions::bindSign),
            new ScalarFunction("signum", 1, 1, MathFunctions::bindSignum),
            new ScalarFunction("sin", 1, 1, MathFunctions.unary("SIN", Math::sin)),
            new ScalarFunction("sinh", 1, 1, MathFunctions.unary("SINH", Math::sinh)),
            new ScalarFunction("sqrt", 1, 1, MathFunctions::bindSqrt),
            new ScalarFunction("tan", 1, 1, MathFunctions.unary("TAN", Math::tan)),
            new ScalarFunction("tanh", 1, 1, MathFunctions.unary("TANH", Math::tanh)),
            new ScalarFunction("try_add", 2, 2, ArithmeticFunctions::bindTryAdd),
            new ScalarFunction("try_divide", 2, 2, ArithmeticFunctions::bindTryDivide),
            new ScalarFunction("try_multiply", 2, 2, ArithmeticFunctions::bindTryMultiply),
            new ScalarFunction("try_subtract", 2, 2, ArithmeticFunctions::bindTrySubtract),
            new ScalarFunction("unhex", 1, 1, HexDigits::bindUnhex));

    private MathCatalog() {
    }
}
