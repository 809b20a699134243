package dev.arus.engine.data;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Spark's Murmur3 of a string, hashed from its UTF-8 bytes or encoded on the fly: the same hash. */
class Murmur3Test {

    @Test
    void hashesAStringAsSparkHashesItsUtf8Bytes() {
        // Spark: SELECT hash('books') = -1359955700
        assertThat(Murmur3.hashUtf8("books", 42)).isEqualTo(-1359955700);
        assertThat(Murmur3.hashBytes("books".getBytes(StandardCharsets.UTF_8), 42)).isEqualTo(-1359955700);
    }

    @Test
    void encodingOnTheFlyGivesTheHashOfTheBytesForEveryLengthAndWidthOfCharacter() {
        List<String> texts = List.of("", "a", "ab", "abc", "abcd", "é", "aé", "€", "a€b", "😀", "x😀y", "\uD800", "a\uDC00b",
                "\uD83D", "ünïcødé 😀 text of some length", "\u007F\u0080\u07FF\u0800\uFFFF");
        for (String text : texts) {
            assertThat(Murmur3.hashUtf8(text, 42)).as(text)
                    .isEqualTo(Murmur3.hashBytes(text.getBytes(StandardCharsets.UTF_8), 42));
        }
        Random random = new Random(7);
        for (int i = 0; i < 2_000; i++) {
            char[] chars = new char[random.nextInt(12)];
            for (int c = 0; c < chars.length; c++) {
                chars[c] = (char) (random.nextBoolean() ? random.nextInt(0x80) : random.nextInt(0x10000));
            }
            String text = new String(chars);
            assertThat(Murmur3.hashUtf8(text, i)).isEqualTo(Murmur3.hashBytes(text.getBytes(StandardCharsets.UTF_8), i));
        }
    }
}
