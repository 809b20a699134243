package dev.arus.engine.exec.aggregate;

import static dev.arus.engine.api.functions.col;
import static dev.arus.engine.api.functions.expr;
import static org.assertj.core.api.Assertions.assertThat;

import dev.arus.engine.api.StreamFrame;
import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.BinaryVector;
import dev.arus.engine.data.HashFunction;
import dev.arus.engine.data.Row;
import dev.arus.engine.testing.QueryTestDriver;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class KeyEncoderTest {

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void givesEqualBinaryValuesOneIdAndDecodesThem() {
        KeyEncoder encoder = new KeyEncoder(AtomicType.BINARY);
        BinaryVector input = new BinaryVector(3);
        input.values()[0] = bytes("AB");
        input.values()[1] = bytes("CD");
        input.values()[2] = bytes("AB");

        long first = encoder.encode(input, 0);
        long second = encoder.encode(input, 1);
        assertThat(encoder.encode(input, 2)).isEqualTo(first).isNotEqualTo(second);

        BinaryVector output = new BinaryVector(1);
        encoder.decode(second, output, 0);
        assertThat(output.values()[0]).isEqualTo(bytes("CD"));
    }

    @Test
    void keepsItsOwnCopyOfANewBinaryValue() {
        KeyEncoder encoder = new KeyEncoder(AtomicType.BINARY);
        BinaryVector input = new BinaryVector(1);
        byte[] reused = bytes("AB");
        input.values()[0] = reused;
        long id = encoder.encode(input, 0);
        reused[0] = 'X';

        BinaryVector output = new BinaryVector(1);
        encoder.decode(id, output, 0);
        assertThat(output.values()[0]).isEqualTo(bytes("AB"));
    }

    @Test
    void writesBinaryKeysForStateAsTextThatReadsBackToTheSameBytes() {
        KeyEncoder writer = new KeyEncoder(AtomicType.BINARY);
        BinaryVector input = new BinaryVector(1);
        input.values()[0] = new byte[] {0, (byte) 0xFF, 0x41};
        String text = writer.string(writer.encode(input, 0));

        KeyEncoder reader = new KeyEncoder(AtomicType.BINARY);
        BinaryVector output = new BinaryVector(1);
        reader.decode(reader.encodeString(text), output, 0);
        assertThat(writer.usesDictionary()).isTrue();
        assertThat(output.values()[0]).containsExactly(0, 0xFF, 0x41);
    }

    @Test
    void translatesBinaryIdsBetweenDictionariesAndHashesByContent() {
        KeyEncoder first = new KeyEncoder(AtomicType.BINARY);
        KeyEncoder second = new KeyEncoder(AtomicType.BINARY);
        BinaryVector input = new BinaryVector(2);
        input.values()[0] = bytes("x");
        input.values()[1] = bytes("AB");
        second.encode(input, 0);
        long inSecond = second.encode(input, 1);
        long inFirst = first.translate(inSecond, second);

        BinaryVector output = new BinaryVector(1);
        first.decode(inFirst, output, 0);
        assertThat(output.values()[0]).isEqualTo(bytes("AB"));
        assertThat(first.fold(inFirst, 42)).isEqualTo(second.fold(inSecond, 42))
                .as("Spark's hash(X'4142')").isEqualTo(HashFunction.MURMUR3.hashBytes(bytes("AB"), 42));
    }

    @Test
    void ordersBinaryKeysByteByByteUnsigned() {
        KeyEncoder encoder = new KeyEncoder(AtomicType.BINARY);
        BinaryVector input = new BinaryVector(2);
        input.values()[0] = new byte[] {(byte) 0x80};
        input.values()[1] = new byte[] {0x01, 0x02};
        long high = encoder.encode(input, 0);
        long low = encoder.encode(input, 1);

        assertThat(encoder.compare(low, high)).isNegative();
    }

    @Test
    void groupsByABinaryKeyAcrossRestartsFromACheckpoint(@TempDir Path checkpoint) {
        Instant start = Instant.parse("2026-10-16T13:30:00Z");
        try (QueryTestDriver driver = new QueryTestDriver(start).restartAfterEachBatch()) {
            StreamFrame counts = driver.session().readStream().format("rate-micro-batch")
                    .option("rowsPerBatch", 4).option("numPartitions", 2)
                    .option("startTimestamp", start.toEpochMilli()).load()
                    .withColumn("key", expr("CAST(CAST(value % 2 AS STRING) AS BINARY)"))
                    .groupBy(col("key")).count();
            driver.startRecording(counts, w -> w.outputMode("complete")
                    .option("checkpointLocation", checkpoint.toString()));

            driver.runBatches(3);

            List<Row> last = driver.rowsOf(2);
            assertThat(driver.restarts()).as(driver.history()).isPositive();
            assertThat(last).extracting(row -> new String((byte[]) row.get(0), StandardCharsets.UTF_8) + "=" + row.get(1))
                    .containsExactly("0=6", "1=6");
        }
    }
}
