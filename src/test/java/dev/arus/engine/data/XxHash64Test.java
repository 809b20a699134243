package dev.arus.engine.data;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class XxHash64Test {

    /** Published XXH64 values; the last is longer than one 32-byte stripe. */
    @ParameterizedTest
    @CsvSource({
        "'', 0, EF46DB3751D8E999",
        "a, 0, D24EC4F1A98C6E5B",
        "abc, 0, 44BC2CF5AD770999",
        "Nobody inspects the spammish repetition, 0, FBCEA83C8A378BF1",
    })
    void hashesBytesAsTheReferenceDoes(String text, long seed, String expected) {
        long hash = XxHash64.hashBytes(text.getBytes(StandardCharsets.UTF_8), seed);
        assertThat(Long.toHexString(hash).toUpperCase()).isEqualTo(expected);
    }

    @ParameterizedTest
    @ValueSource(longs = {0, 1, -1, 123, Long.MIN_VALUE, Long.MAX_VALUE, 0x0123456789ABCDEFL})
    void hashesIntsAndLongsAsTheirLittleEndianBytes(long value) {
        byte[] eight = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(value).array();
        byte[] four = ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt((int) value).array();
        assertThat(XxHash64.hashLong(value, 42)).isEqualTo(XxHash64.hashBytes(eight, 42));
        assertThat(XxHash64.hashInt((int) value, 42)).isEqualTo(XxHash64.hashBytes(four, 42));
    }

    @Test
    void hashesASliceOfAnArray() {
        byte[] padded = "xxSparkyy".getBytes(StandardCharsets.UTF_8);
        assertThat(XxHash64.hashBytes(padded, 2, 5, 42))
                .isEqualTo(XxHash64.hashBytes("Spark".getBytes(StandardCharsets.UTF_8), 42));
    }
}
