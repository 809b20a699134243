package dev.arus.engine.format.parquet;

import com.github.luben.zstd.Zstd;
import java.io.IOException;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.xerial.snappy.Snappy;

/**
 * The page compressors of the parquet sink, on snappy-java and zstd-jni directly: parquet-java's
 * own codec factory would build a Hadoop {@code Configuration}, which pulls half of Hadoop's
 * dependencies onto the class path, for codecs that are a function call. Compression only: the
 * sink never decompresses. Zstd at level 3, parquet-java's and Spark's default.
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

    @Override
    public BytesInputDecompressor getDecompressor(CompressionCodecName codecName) {
        throw new UnsupportedOperationException("the parquet sink only compresses");
    }

    @Override
    public void release() {
    }

    private interface Compression {
        byte[] apply(byte[] bytes) throws IOException;
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

}
