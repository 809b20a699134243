package dev.arus.engine.data;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Names as Spark's {@code simpleString} and {@code sql} print them (sql/api DataType sources). */
class DataTypeTest {

    static Stream<Arguments> types() {
        StructType struct = new StructType(List.of(
                new Field("a", AtomicType.INT, true), new Field("b c", AtomicType.STRING, true)));
        return Stream.of(
                Arguments.of(AtomicType.BINARY, "binary", "BINARY"),
                Arguments.of(AtomicType.LONG, "bigint", "BIGINT"),
                Arguments.of(AtomicType.NULL, "void", "VOID"),
                Arguments.of(new ArrayType(AtomicType.INT, true), "array<int>", "ARRAY<INT>"),
                Arguments.of(new MapType(AtomicType.STRING, AtomicType.INT, true), "map<string,int>",
                        "MAP<STRING, INT>"),
                Arguments.of(struct, "struct<a:int,b c:string>", "STRUCT<a: INT, `b c`: STRING>"),
                Arguments.of(new ArrayType(new MapType(AtomicType.STRING, struct, true), true),
                        "array<map<string,struct<a:int,b c:string>>>",
                        "ARRAY<MAP<STRING, STRUCT<a: INT, `b c`: STRING>>>"),
                Arguments.of(StructType.WINDOW, "struct<start:timestamp,end:timestamp>",
                        "STRUCT<start: TIMESTAMP, end: TIMESTAMP>"));
    }

    @ParameterizedTest
    @MethodSource("types")
    void namesTypesAsSparkDoes(DataType type, String simpleString, String sql) {
        assertThat(type.simpleString()).isEqualTo(simpleString);
        assertThat(type.sql()).isEqualTo(sql);
    }

    @ParameterizedTest
    @MethodSource("types")
    void callsOnlyStructsArraysAndMapsComplex(DataType type, String simpleString, String sql) {
        assertThat(type.isComplex()).isEqualTo(!(type instanceof AtomicType));
    }
}
