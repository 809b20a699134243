package dev.arus.engine.expr.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.DayTimeIntervalType;
import dev.arus.engine.data.DecimalType;
import dev.arus.engine.data.Field;
import dev.arus.engine.data.Schema;
import dev.arus.engine.data.StructType;
import dev.arus.engine.streaming.ParseException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Cases follow Spark's grammar (SqlBaseParser colType, complexColType, dataType, type). */
class DataTypeParserTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "a INT, b STRING|struct<a:int,b:string>",
        "a int, b string|struct<a:int,b:string>",
        "a INTEGER, b LONG, c BIGINT|struct<a:int,b:bigint,c:bigint>",
        "flag BOOLEAN, x DOUBLE, t TIMESTAMP, l TIMESTAMP_LTZ|struct<flag:boolean,x:double,t:timestamp,l:timestamp>",
        "key BINARY, value BINARY|struct<key:binary,value:binary>",
        "c ARRAY<INT>|struct<c:array<int>>",
        "d MAP<STRING, BIGINT>|struct<d:map<string,bigint>>",
        "d map<string,bigint>|struct<d:map<string,bigint>>",
        "e STRUCT<x: INT, y STRING>|struct<e:struct<x:int,y:string>>",
        "e STRUCT<>|struct<e:struct<>>",
        "n ARRAY<STRUCT<k: STRING, v: ARRAY<MAP<STRING, INT>>>>|struct<n:array<struct<k:string,v:array<map<string,int>>>>>",
        "`weird name` STRING, `a``b` INT|struct<weird name:string,a`b:int>",
        "end TIMESTAMP, timestamp STRING, comment INT|struct<end:timestamp,timestamp:string,comment:int>",
        "a INT NOT NULL COMMENT 'the id', b STRING COMMENT \"text\"|struct<a:int,b:string>",
        "v VOID|struct<v:void>",
        "a TINYINT, b BYTE, c SMALLINT, d SHORT|struct<a:tinyint,b:tinyint,c:smallint,d:smallint>",
        "f FLOAT, r REAL, d DATE|struct<f:float,r:float,d:date>",
        "a DECIMAL(10, 2), b DEC(5), c NUMERIC, d decimal(38,38)|struct<a:decimal(10,2),b:decimal(5,0),c:decimal(10,0),d:decimal(38,38)>",
        "a INTERVAL DAY, b INTERVAL HOUR TO SECOND|struct<a:interval day,b:interval hour to second>",
    })
    void readsColumnListsAsSparkDoes(String ddl, String simpleString) {
        assertThat(DataTypeParser.parseTableSchema(ddl).simpleString()).isEqualTo(simpleString);
        assertThat(DataTypeParser.fromDDL(ddl).simpleString()).isEqualTo(simpleString);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "INT|int",
        "string|string",
        "ARRAY<STRING>|array<string>",
        "MAP<STRING,INT>|map<string,int>",
        "STRUCT<a: INT, b: STRING>|struct<a:int,b:string>",
        "struct<a INT>|struct<a:int>",
        "decimal(10,2)|decimal(10,2)",
        "interval day to second|interval day to second",
        "ARRAY<DECIMAL(5, 1)>|array<decimal(5,1)>",
    })
    void readsOneTypeAsSparkDoes(String ddl, String simpleString) {
        assertThat(DataTypeParser.parseDataType(ddl).simpleString()).isEqualTo(simpleString);
        assertThat(DataTypeParser.fromDDL(ddl).simpleString()).isEqualTo(simpleString);
    }

    @Test
    void keepsNotNullAndTheColumnNamesAsWritten() {
        Schema schema = DataTypeParser.parseSchema("Id BIGINT NOT NULL, e STRUCT<x: INT NOT NULL>");

        assertThat(schema.fields()).containsExactly(
                new Field("Id", AtomicType.LONG, false),
                new Field("e", new StructType(java.util.List.of(new Field("x", AtomicType.INT, false))), true));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "a INT,|6|PARSE_SYNTAX_ERROR|expected a column name",
        "''|0|PARSE_SYNTAX_ERROR|expected a column name",
        "a|1|PARSE_SYNTAX_ERROR|expected a type",
        "a INT b STRING|6|PARSE_SYNTAX_ERROR|expected ',' or end of input",
        "a ARRAY<INT|11|PARSE_SYNTAX_ERROR|expected '>'",
        "a MAP<STRING>|12|PARSE_SYNTAX_ERROR|expected ','",
        "a STRUCT<x INT,>|15|PARSE_SYNTAX_ERROR|expected a field name",
        "a INT NOT 5|10|PARSE_SYNTAX_ERROR|expected NULL after NOT",
        "a INT COMMENT x|14|PARSE_SYNTAX_ERROR|expected a string literal",
        "a DECIMAL(39, 2)|2|DECIMAL_PRECISION_EXCEEDS_MAX_PRECISION|Decimal precision 39 exceeds max precision 38",
        "a DECIMAL(5, 6)|2|INVALID_DECIMAL_TYPE|DECIMAL(5,6) at position 2 is not a decimal type",
        "a DECIMAL(1, 2, 3)|2|UNSUPPORTED_DATATYPE|\"DECIMAL(1,2,3)\" at position 2: the type takes a precision and a scale at most",
        "a DECIMAL(1.5)|10|PARSE_SYNTAX_ERROR|expected an integer type parameter",
        "a INTERVAL YEAR|11|UNSUPPORTED_DATATYPE|Arus has day-time intervals only",
        "a INTERVAL SECOND TO DAY|21|PARSE_SYNTAX_ERROR|expected an interval field smaller than SECOND",
        "a TIMESTAMP_NTZ|2|UNSUPPORTED_DATATYPE|Unsupported data type \"TIMESTAMP_NTZ\" at position 2: Arus does not support it yet",
        "a ARRAY<TIMESTAMP_NTZ>|8|UNSUPPORTED_DATATYPE|\"TIMESTAMP_NTZ\"",
        "a VARCHAR(10)|2|UNSUPPORTED_DATATYPE|\"VARCHAR(10)\"",
        "a FOO|2|UNSUPPORTED_DATATYPE|Unsupported data type \"FOO\" at position 2: it is not a Spark SQL type",
        "a INT(5)|2|UNSUPPORTED_DATATYPE|the type takes no parameters",
        "a ARRAY|2|INCOMPLETE_TYPE_DEFINITION.ARRAY|\"ARRAY<INT>\"",
        "a MAP, b INT|2|INCOMPLETE_TYPE_DEFINITION.MAP|type at position 2 is incomplete",
    })
    void refusesBadTextNamingTheClassAndPosition(String ddl, int position, String errorClass, String message) {
        assertThatThrownBy(() -> DataTypeParser.parseTableSchema(ddl))
                .isInstanceOfSatisfying(ParseException.class, e -> {
                    assertThat(e.errorClass()).isEqualTo(errorClass);
                    assertThat(e.position()).isEqualTo(position);
                    assertThat(e.expression()).isEqualTo(ddl);
                })
                .hasMessageStartingWith("[" + errorClass + "]")
                .hasMessageContaining(message);
    }

    @Test
    void refusesTextLongerThanItsLimitBeforeReadingIt() {
        String tooLong = "a INT" + " ".repeat(DataTypeParser.MAX_LENGTH);
        assertThatThrownBy(() -> DataTypeParser.parseTableSchema(tooLong))
                .isInstanceOfSatisfying(ParseException.class, e -> assertThat(e.position()).isEqualTo(DataTypeParser.MAX_LENGTH))
                .hasMessage("[PARSE_SYNTAX_ERROR] The type text is " + (DataTypeParser.MAX_LENGTH + 5)
                        + " characters long; at most " + DataTypeParser.MAX_LENGTH + " are allowed");
    }

    @Test
    void refusesTextNestedTooDeeply() {
        String deep = "a " + "ARRAY<".repeat(250) + "INT" + ">".repeat(250);
        assertThatThrownBy(() -> DataTypeParser.parseTableSchema(deep))
                .isInstanceOf(ParseException.class)
                .hasMessageContaining("nested too deeply");
    }

    @Test
    void readsTypesThatHoldTheirParameters() {
        assertThat(DataTypeParser.parseDataType("DECIMAL(10, 2)")).isEqualTo(new DecimalType(10, 2));
        assertThat(DataTypeParser.parseDataType("Long")).isEqualTo(AtomicType.LONG);
        assertThat(DataTypeParser.parseDataType("INTERVAL HOUR")).isEqualTo(new DayTimeIntervalType(
                DayTimeIntervalType.IntervalField.HOUR, DayTimeIntervalType.IntervalField.HOUR));
    }
}
