package dev.arus.engine.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.arus.engine.data.Row;
import dev.arus.engine.data.Schema;
import dev.arus.engine.expr.sql.DataTypeParser;
import dev.arus.engine.sink.DuckDb;
import dev.arus.engine.streaming.ArusException;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ParquetRowReaderTest {

    @TempDir
    Path directory;

    private static List<Row> read(Path file, String ddl) {
        Schema schema = DataTypeParser.parseSchema(ddl);
        List<Row> rows = new ArrayList<>();
        FileFormat.PARQUET.reader(schema, Map.of(), ZoneId.of("UTC")).read(file, chunk -> rows.addAll(chunk.toRows()));
        return rows;
    }

    private Path duckDb(String name, String select, String codec) {
        Path file = directory.resolve(name);
        DuckDb.execute("COPY (" + select + ") TO '" + file + "' (FORMAT parquet, COMPRESSION " + codec + ")");
        return file;
    }

    @ParameterizedTest
    @ValueSource(strings = {"snappy", "zstd", "gzip", "uncompressed"})
    void readsEveryAtomicTypeDuckDbWritesWithEachCodec(String codec) {
        Path file = duckDb("atomic.parquet", "SELECT 1::TINYINT AS b, 2::SMALLINT AS s, 3::INTEGER AS i, "
                + "4::BIGINT AS l, 1.5::FLOAT AS f, 2.25::DOUBLE AS d, 'héllo' AS str, 'ab'::BLOB AS bin, true AS t, "
                + "DATE '2026-10-16' AS day, TIMESTAMPTZ '2026-10-16 13:30:00.123456+00' AS ts, "
                + "TIMESTAMP_MS '2026-10-16 13:30:00.123' AS ts_ms, 123.45::DECIMAL(5,2) AS d32, "
                + "1234567890.123::DECIMAL(13,3) AS d64, 12345678901234567890.1234::DECIMAL(30,4) AS d128 "
                + "UNION ALL SELECT NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, "
                + "NULL, NULL", codec);

        List<Row> rows = read(file, "b TINYINT, s SMALLINT, i INT, l BIGINT, f FLOAT, d DOUBLE, str STRING, "
                + "bin BINARY, t BOOLEAN, day DATE, ts TIMESTAMP, ts_ms TIMESTAMP, d32 DECIMAL(5,2), "
                + "d64 DECIMAL(13,3), d128 DECIMAL(30,4)");

        assertThat(rows).hasSize(2);
        List<Object> first = rows.get(0).values();
        assertThat(first.subList(0, 7)).containsExactly((byte) 1, (short) 2, 3, 4L, 1.5f, 2.25, "héllo");
        assertThat((byte[]) first.get(7)).containsExactly('a', 'b');
        assertThat(first.subList(8, 15)).containsExactly(true, LocalDate.parse("2026-10-16"),
                Instant.parse("2026-10-16T13:30:00.123456Z"), Instant.parse("2026-10-16T13:30:00.123Z"),
                new BigDecimal("123.45"), new BigDecimal("1234567890.123"),
                new BigDecimal("12345678901234567890.1234"));
        assertThat(rows.get(1).values()).containsOnlyNulls();
    }

    @Test
    void matchesColumnsByNameInAnyCaseAndReadsMissingOnesAsNull() {
        Path file = duckDb("names.parquet", "SELECT 7 AS Id, 'x' AS NAME", "snappy");

        assertThat(read(file, "name STRING, missing DOUBLE, ID INT")).extracting(Row::toString)
                .containsExactly("[x,null,7]");
        assertThat(read(file, "nothing STRING")).extracting(Row::toString).containsExactly("[null]");
    }

    @Test
    void widensNumbersAsSparkDoes() {
        Path file = duckDb("widen.parquet", "SELECT 3::INTEGER AS i, 1.5::FLOAT AS f, 1.25::DECIMAL(5,2) AS d, "
                + "9::BIGINT AS l", "snappy");

        assertThat(read(file, "i BIGINT, f DOUBLE, d DECIMAL(7,4), l DECIMAL(20,0)")).extracting(Row::values)
                .containsExactly(List.of(3L, 1.5, new BigDecimal("1.2500"), new BigDecimal("9")));
        assertThat(read(file, "i DOUBLE, i2 INT")).extracting(Row::values).containsExactly(java.util.Arrays.asList(3.0, null));
    }

    @Test
    void failsOnATypeSparkWouldNotReadWithSparksError() {
        Path file = duckDb("mismatch.parquet", "SELECT 3::INTEGER AS i, 2.5::DOUBLE AS d, 1.25::DECIMAL(5,2) AS n",
                "snappy");

        assertThatThrownBy(() -> read(file, "i STRING"))
                .isInstanceOf(ArusException.class)
                .hasFieldOrPropertyWithValue("errorClass", "FAILED_READ_FILE.PARQUET_COLUMN_DATA_TYPE_MISMATCH")
                .hasMessage("[FAILED_READ_FILE.PARQUET_COLUMN_DATA_TYPE_MISMATCH] Encountered error while reading file "
                        + file.toUri() + ". Data type mismatches when reading Parquet column [i]. Expected Spark "
                        + "type string, actual Parquet type INT32. SQLSTATE: KD001");
        assertThatThrownBy(() -> read(file, "d BIGINT")).hasMessageContaining("Expected Spark type bigint, actual "
                + "Parquet type DOUBLE");
        assertThatThrownBy(() -> read(file, "n DECIMAL(5,3)")).hasMessageContaining("column [n]. Expected Spark "
                + "type decimal(5,3), actual Parquet type INT32");
        assertThatThrownBy(() -> read(file, "i STRUCT<a: INT>")).hasMessageContaining("column [i]");
    }

    @Test
    void refusesNanosecondTimestampsAsSparkDoes() {
        Path file = duckDb("nanos.parquet", "SELECT TIMESTAMP_NS '2026-10-16 13:30:00.123456789' AS ts", "snappy");

        assertThatThrownBy(() -> read(file, "ts TIMESTAMP")).hasMessageContaining("Expected Spark type timestamp, "
                + "actual Parquet type INT64");
    }

    @Test
    void readsStructsListsAndMapsDuckDbWrites() {
        Path file = duckDb("nested.parquet", "SELECT {'start': TIMESTAMPTZ '2026-10-16 13:30:00+00', 'n': 2} AS w, "
                + "[1, NULL, 3] AS xs, MAP {'a': 1.5::DOUBLE, 'b': NULL} AS m, [{'k': 'x'}] AS objs, []::INT[] AS empty "
                + "UNION ALL SELECT NULL, NULL, NULL, NULL, NULL", "zstd");

        List<Row> rows = read(file, "W STRUCT<start: TIMESTAMP, n: BIGINT, gone: STRING>, xs ARRAY<BIGINT>, "
                + "m MAP<STRING, DOUBLE>, objs ARRAY<STRUCT<k: STRING>>, empty ARRAY<INT>");

        Row first = rows.get(0);
        assertThat(((Row) first.get(0)).values()).containsExactly(Instant.parse("2026-10-16T13:30:00Z"), 2L, null);
        assertThat(first.get(1)).isEqualTo(java.util.Arrays.asList(1L, null, 3L));
        Map<String, Double> map = new LinkedHashMap<>();
        map.put("a", 1.5);
        map.put("b", null);
        assertThat(first.get(2)).isEqualTo(map);
        assertThat(first.get(3)).hasToString("[[x]]");
        assertThat((List<?>) first.get(4)).isEmpty();
        assertThat(rows.get(1).values()).containsOnlyNulls();
    }

    @Test
    void readsBackWhatTheParquetSinkWrites() {
        Schema schema = DataTypeParser.parseSchema("window STRUCT<start: TIMESTAMP, end: TIMESTAMP>, "
                + "category STRING, revenue DECIMAL(20,2), orders BIGINT, tags ARRAY<STRING>, "
                + "counts MAP<STRING, INT>, small TINYINT, day DATE");
        Row window = new Row(DataTypeParser.parseSchema("start TIMESTAMP, end TIMESTAMP"),
                new Object[] {Instant.parse("2026-10-16T13:30:00Z"), Instant.parse("2026-10-16T13:31:00Z")});
        List<Row> written = new ArrayList<>();
        for (int i = 0; i < 5000; i++) {
            written.add(new Row(schema, new Object[] {window, "c" + i, new BigDecimal(i + ".25"), (long) i,
                    List.of("a", "b"), Map.of("k", i), (byte) (i % 100), LocalDate.parse("2026-10-16")}));
        }
        written.add(new Row(schema, new Object[8]));
        Path file = directory.resolve("part-00000.zstd.parquet");
        ParquetRowWriter.write(file, schema, written, "zstd");

        List<Row> read = read(file, schema.fields().stream().map(f -> f.name() + " " + f.type().sql())
                .reduce((a, b) -> a + ", " + b).orElseThrow());

        assertThat(read).hasSize(5001);
        assertThat(read.get(4242)).hasToString(written.get(4242).toString());
        assertThat(read.get(5000).values()).containsOnlyNulls();
    }

    /** A file in layouts neither DuckDB nor the sink writes: INT96 timestamps, legacy two-level lists, a bare repeated field. */
    private Path legacyFile() throws IOException {
        MessageType type = MessageTypeParser.parseMessageType("""
                message spark_schema {
                  optional int96 ts;
                  optional group numbers (LIST) { repeated int32 array; }
                  optional group pairs (LIST) { repeated group pairs_tuple { required binary s (UTF8); } }
                  repeated int32 bare;
                }""");
        Path file = directory.resolve("legacy.parquet");
        java.nio.ByteBuffer int96 = java.nio.ByteBuffer.allocate(12).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        int96.putLong(48_600_000_001_000L).putInt(2_461_330);
        try (ParquetWriter<Group> writer = ExampleParquetWriter.builder(new LocalOutputFile(file)).withType(type)
                .withConf(new PlainParquetConfiguration()).withCodecFactory(Codecs.INSTANCE).build()) {
            Group row = new SimpleGroupFactory(type).newGroup();
            row.add("ts", Binary.fromConstantByteArray(int96.array()));
            Group numbers = row.addGroup("numbers");
            numbers.add("array", 1);
            numbers.add("array", 2);
            row.addGroup("pairs").addGroup("pairs_tuple").add("s", "x");
            row.add("bare", 7);
            writer.write(row);
        }
        return file;
    }

    @Test
    void readsInt96TimestampsAndLegacyTwoLevelListsAsSparkDoes() throws IOException {
        Path file = legacyFile();

        assertThat(read(file, "ts TIMESTAMP, numbers ARRAY<INT>, pairs ARRAY<STRUCT<s: STRING>>"))
                .extracting(Row::toString)
                .containsExactly("[2026-10-16T13:30:00.000001Z,[1, 2],[[x]]]");
        assertThatThrownBy(() -> read(file, "bare ARRAY<INT>")).hasMessageContaining("column [bare]");
    }

    @Test
    void failsOnAFileThatIsNotParquet() throws Exception {
        Path file = Files.writeString(directory.resolve("not.parquet"), "{\"a\": 1}\n");

        assertThatThrownBy(() -> read(file, "a INT")).isInstanceOf(ArusException.class)
                .hasFieldOrPropertyWithValue("errorClass", "FAILED_READ_FILE.NO_HINT");
        assertThatThrownBy(() -> read(directory.resolve("gone.parquet"), "a INT"))
                .hasFieldOrPropertyWithValue("errorClass", "FAILED_READ_FILE.FILE_NOT_EXIST");
    }
}
