package dev.arus.engine.data;

/**
 * MurmurHash3 x86_32 as Spark's {@code Murmur3_x86_32} computes it for {@code hash} and for
 * hash partitioning. Bytes go through Spark's {@code hashUnsafeBytes}, which mixes each byte of
 * a length not a multiple of four as a whole (sign-extended) block instead of MurmurHash3's
 * packed tail; Spark keeps that for compatibility, so its hashes of strings differ from the
 * reference's. Stateless and allocation-free. Ours, not a library's: the libraries (Guava, Commons
 * Codec) compute the reference's tail, and partitioning by another hash would put a key in another
 * state partition than Spark does.
 */
public final class Murmur3 {

    private static final int C1 = 0xcc9e2d51;
    private static final int C2 = 0x1b873593;

    private Murmur3() {
    }

    public static int hashInt(int input, int seed) {
        return finish(mixH1(seed, mixK1(input)), 4);
    }

    public static int hashLong(long input, int seed) {
        int h1 = mixH1(seed, mixK1((int) input));
        h1 = mixH1(h1, mixK1((int) (input >>> 32)));
        return finish(h1, 8);
    }

    public static int hashBytes(byte[] bytes, int seed) {
        int aligned = bytes.length - bytes.length % 4;
        int h1 = seed;
        for (int at = 0; at < aligned; at += 4) {
            int word = (bytes[at] & 0xFF) | (bytes[at + 1] & 0xFF) << 8 | (bytes[at + 2] & 0xFF) << 16
                    | (bytes[at + 3] & 0xFF) << 24;
            h1 = mixH1(h1, mixK1(word));
        }
        for (int at = aligned; at < bytes.length; at++) {
            h1 = mixH1(h1, mixK1(bytes[at]));
        }
        return finish(h1, bytes.length);
    }

    /**
     * {@link #hashBytes} of {@code text}'s UTF-8 bytes, as {@code String.getBytes(UTF_8)} gives them
     * (a lone surrogate as {@code ?}), encoded on the fly so that hashing a key allocates nothing.
     */
    public static int hashUtf8(String text, int seed) {
        int h1 = seed;
        int word = 0;
        int length = 0;
        for (int i = 0; i < text.length(); i++) {
            int c = text.charAt(i);
            int bytes;
            int encoded;
            if (c < 0x80) {
                encoded = c;
                bytes = 1;
            } else if (c < 0x800) {
                encoded = (0xC0 | c >> 6) | (0x80 | c & 0x3F) << 8;
                bytes = 2;
            } else if (Character.isHighSurrogate((char) c) && i + 1 < text.length()
                    && Character.isLowSurrogate(text.charAt(i + 1))) {
                int code = Character.toCodePoint((char) c, text.charAt(++i));
                encoded = (0xF0 | code >> 18) | (0x80 | code >> 12 & 0x3F) << 8 | (0x80 | code >> 6 & 0x3F) << 16
                        | (0x80 | code & 0x3F) << 24;
                bytes = 4;
            } else if (Character.isSurrogate((char) c)) {
                encoded = '?';
                bytes = 1;
            } else {
                encoded = (0xE0 | c >> 12) | (0x80 | c >> 6 & 0x3F) << 8 | (0x80 | c & 0x3F) << 16;
                bytes = 3;
            }
            for (int b = 0; b < bytes; b++, encoded >>>= 8) {
                word |= (encoded & 0xFF) << (8 * (length & 3));
                if ((++length & 3) == 0) {
                    h1 = mixH1(h1, mixK1(word));
                    word = 0;
                }
            }
        }
        // The tail, as Spark mixes it: each byte alone, sign-extended.
        for (int b = 0, tail = length & 3; b < tail; b++) {
            h1 = mixH1(h1, mixK1((byte) (word >>> (8 * b))));
        }
        return finish(h1, length);
    }

    private static int mixK1(int k1) {
        return Integer.rotateLeft(k1 * C1, 15) * C2;
    }

    private static int mixH1(int h1, int k1) {
        return Integer.rotateLeft(h1 ^ k1, 13) * 5 + 0xe6546b64;
    }

    private static int finish(int h1, int length) {
        h1 ^= length;
        h1 ^= h1 >>> 16;
        h1 *= 0x85ebca6b;
        h1 ^= h1 >>> 13;
        h1 *= 0xc2b2ae35;
        h1 ^= h1 >>> 16;
        return h1;
    }
}
