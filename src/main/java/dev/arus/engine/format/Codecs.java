package dev.arus.engine.format;

import com.github.luben.zstd.Zstd;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.util.zip.GZIPInputStream;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.xerial.snappy.Snappy;

/**
 * The page codecs of the parquet sink and source, on snappy-java, zstd-jni and the JDK's gzip
 * directly: parquet-java's own codec factory would build a Hadoop {@code Configuration}, which
 * pulls half of Hadoop's dependencies onto the class path, for codecs that are a function call.
 * Compresses with snappy, zstd (at level 3, parquet-java's and Spark's default) or none;
 * decompresses those and gzip. Stateless, so one instance serves every thread.
 */
final class Codecs implements CompressionCodecFactory {

    static final Codecs INSTANCE = new Codecs();

    private static final int ZSTD_LEVEL = 3;

    @Override
    public BytesInputCompressor getCompressor(CompressionCodecName codecName) {
        return switch (codecName) {
            case UNCOMPRESSED -> compressor(codecName, bytes -> bytes);
            case SNAPPY -> compressor(codecName, bytes -> Snappy.compress(bytes));
            case ZSTD -> compressor(codecName, bytes -> Zstd.compress(bytes, ZSTD_LEVEL));
            default -> throw new IllegalArgumentException("codec " + codecName);
        };
    }

    /**
     * @throws UnsupportedCodecException for a codec other than snappy, zstd, gzip or none
     */
    @Override
    public BytesInputDecompressor getDecompressor(CompressionCodecName codecName) {
        return switch (codecName) {
            case UNCOMPRESSED -> decompressor((bytes, size) -> bytes);
            case SNAPPY -> decompressor((bytes, size) -> {
                byte[] out = new byte[size];
                int length = Snappy.uncompress(bytes, 0, bytes.length, out, 0);
                return checked(out, length, size, codecName);
            });
            case ZSTD -> decompressor((bytes, size) -> {
                byte[] out = new byte[size];
                long length = Zstd.decompressByteArray(out, 0, size, bytes, 0, bytes.length);
                if (Zstd.isError(length)) {
                    throw new IOException("zstd: " + Zstd.getErrorName(length));
                }
                return checked(out, (int) length, size, codecName);
            });
            case GZIP -> decompressor((bytes, size) -> {
                try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(bytes))) {
                    byte[] out = in.readNBytes(size);
                    return checked(out, out.length, size, codecName);
                }
            });
            default -> throw new UnsupportedCodecException(codecName);
        };
    }

    @Override
    public void release() {
    }

    /** A page compressed with a codec Arus does not read (lzo, brotli, lz4). */
    static final class UnsupportedCodecException extends IllegalArgumentException {
        UnsupportedCodecException(CompressionCodecName codec) {
            super("Parquet pages compressed with " + codec + " cannot be read; snappy, zstd, gzip and uncompressed can");
        }
    }

    private interface Compression {
        byte[] apply(byte[] bytes) throws IOException;
    }

    private interface Decompression {
        byte[] apply(byte[] bytes, int decompressedSize) throws IOException;
    }

    private static byte[] checked(byte[] out, int length, int expected, CompressionCodecName codec) throws IOException {
        if (length != expected) {
            throw new IOException(codec + " page decompressed to " + length + " bytes, its header says " + expected);
        }
        return out;
    }

    private static BytesInputCompressor compressor(CompressionCodecName name, Compression compression) {
        return new BytesInputCompressor() {
            @Override
            public BytesInput compress(BytesInput bytes) throws IOException {
                return name == CompressionCodecName.UNCOMPRESSED ? bytes : BytesInput.from(compression.apply(bytes.toByteArray()));
            }

            @Override
            public CompressionCodecName getCodecName() {
                return name;
            }

            @Override
            public void release() {
            }
        };
    }

    private static BytesInputDecompressor decompressor(Decompression decompression) {
        return new BytesInputDecompressor() {
            @Override
            public BytesInput decompress(BytesInput bytes, int decompressedSize) throws IOException {
                return BytesInput.from(decompression.apply(bytes.toByteArray(), decompressedSize));
            }

            @Override
            public void decompress(ByteBuffer input, int compressedSize, ByteBuffer output, int decompressedSize)
                    throws IOException {
                byte[] in = new byte[compressedSize];
                input.get(in);
                output.put(decompression.apply(in, decompressedSize));
            }

            @Override
            public void release() {
            }
        };
    }
}
