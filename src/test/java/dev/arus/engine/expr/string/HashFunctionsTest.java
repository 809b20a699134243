package dev.arus.engine.expr.string;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arus.engine.expr.SqlRow;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Spark's {@code hash}, {@code xxhash64}, {@code md5}, {@code sha1}, {@code sha2} and
 * {@code crc32}, checked against the values of Spark's documented examples. An array hashes as
 * its elements folded in turn, so Spark's {@code hash('Spark', array(123), 2)} is
 * {@code hash('Spark', 123, 2)}.
 */
class HashFunctionsTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '~', value = {
        "hash('Spark', 123, 2)|-1321691492|int|hash(Spark, 123, 2)",
        "xxhash64('Spark', 123, 2)|5602566077635097486|bigint|xxhash64(Spark, 123, 2)",
        "hash(1)|-559580957|int|hash(1)",
        "hash(n)|42|int|hash(n)",
        "xxhash64(n, NULL)|42|bigint|xxhash64(n, NULL)",
        "md5('Spark')|8cde774d6f7333752ed72cacddb05126|string|md5(Spark)",
        "md5(NULL)|NULL|string|md5(NULL)",
        "sha1('Spark')|85f5955f4b27a9a4c2aab6ffe5d7189fc298b92c|string|sha1(Spark)",
        "sha('Spark')|85f5955f4b27a9a4c2aab6ffe5d7189fc298b92c|string|sha(Spark)",
        "sha2('Spark', 256)|529bc3b07127ecb7e53a4dcf1991d9152c24537d919178022b2c42657f79a26b|string|sha2(Spark, 256)",
        "sha2('Spark', 0)|529bc3b07127ecb7e53a4dcf1991d9152c24537d919178022b2c42657f79a26b|string|sha2(Spark, 0)",
        "sha2('Spark', 1)|NULL|string|sha2(Spark, 1)",
        "sha2(s, 224)|3d24353c0d9d445310597750ba9d4d4f3dcf7940eeb57ccd7fa70b3e|string|sha2(s, 224)",
        "crc32('Spark')|1557323817|bigint|crc32(Spark)",
    })
    void hashesAndNamesAsSparkDoes(String expression, String value, String type, String name) {
        SqlRow.check(expression, value, type, name);
    }

    /** Pairs whose hashes Spark's layout of the values makes equal. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "hash(arr)|hash(1, 2, 3)",
        "xxhash64(arr)|xxhash64(1, 2, 3)",
        "hash(struct(i, s))|hash(i, s)",
        "hash(t, sm)|hash(100, 30000)",
        "hash(dec)|hash(330L)",
        "xxhash64(dec)|xxhash64(330L)",
        "hash(-0.0D)|hash(0.0D)",
        "xxhash64(CAST(-0.0 AS FLOAT))|xxhash64(CAST(0.0 AS FLOAT))",
        "hash(dt)|hash(20788)",
        "xxhash64(b)|xxhash64(1)",
        "hash(ts)|hash(1796119200000000L)",
        "hash(CAST('Spark' AS BINARY))|hash('Spark')",
    })
    void hashesValuesAsSparkLaysThemOut(String expression, String same) {
        assertThat(SqlRow.evaluate(expression).value()).isEqualTo(SqlRow.evaluate(same).value());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "hash(l)|hash(i)",
        "hash(d)|hash(f)",
        "hash(wide)|hash(dec)",
        "hash(i, s)|hash(s, i)",
    })
    void tellsDifferentValuesApart(String expression, String other) {
        assertThat(SqlRow.evaluate(expression).value()).isNotEqualTo(SqlRow.evaluate(other).value());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '~', value = {
        "hash(m)|DATATYPE_MISMATCH.HASH_MAP_TYPE|Input to the function `hash` cannot contain elements of the \"MAP\" type.",
        "xxhash64()|DATATYPE_MISMATCH.WRONG_NUM_ARGS|The `xxhash64` requires > 0 parameters but the actual number is 0.",
        "md5(i)|DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE|The first parameter requires the \"BINARY\" type",
        "sha2('a')|WRONG_NUM_ARGS.WITHOUT_SUGGESTION|",
    })
    void refusesAsSparkDoes(String expression, String errorClass, String detail) {
        SqlRow.fails(expression, errorClass, detail);
    }
}
