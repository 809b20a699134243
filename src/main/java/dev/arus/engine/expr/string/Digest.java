package dev.arus.engine.expr.string;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.BinaryVector;
import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.LongVector;
import dev.arus.engine.data.StringVector;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.BoundNode;
import dev.arus.engine.expr.EvaluationContext;
import dev.arus.engine.expr.Expression;
import dev.arus.engine.expr.NullMasks;
import dev.arus.engine.expr.bind.ExpressionBinder;
import dev.arus.engine.expr.bind.FunctionBinder;
import dev.arus.engine.expr.bind.InputType;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.zip.CRC32;

/**
 * {@code md5}, {@code sha1} ({@code sha}), {@code sha2(x, bits)} and {@code crc32} of a BINARY
 * (a string is taken as its UTF-8 bytes): the digests as lower-case hex STRINGs, the CRC as a
 * BIGINT. {@code sha2} takes 224, 256 (also 0), 384 or 512 bits; any other length gives NULL, as
 * in Spark. The digesters are reused: a node is evaluated by one thread.
 */
final class Digest extends BoundNode {

    private static final HexFormat HEX = HexFormat.of();
    private static final InputType BINARY = InputType.of(AtomicType.BINARY);
    private static final int[] SHA2_LENGTHS = {224, 256, 384, 512};

    private final BoundExpression child;
    /** The digest of a fixed algorithm; null for sha2 (chosen per row) and crc32. */
    private final MessageDigest digest;
    private final BoundExpression bits;
    private final CRC32 crc;
    private final MessageDigest[] sha2 = new MessageDigest[SHA2_LENGTHS.length];

    private Digest(BoundExpression child, String algorithm, BoundExpression bits, boolean crc32, String sql) {
        super(crc32 ? AtomicType.LONG : AtomicType.STRING, child.nullable() || bits != null, sql);
        this.child = child;
        this.digest = algorithm == null ? null : digester(algorithm);
        this.bits = bits;
        this.crc = crc32 ? new CRC32() : null;
    }

    static BoundExpression bindMd5(Expression.FunctionCall call, List<BoundExpression> arguments,
            ExpressionBinder binder) {
        return new Digest(binary(call, arguments, binder, "md5"), "MD5", null, false, sql("md5", arguments));
    }

    static BoundExpression bindSha1(Expression.FunctionCall call, List<BoundExpression> arguments,
            ExpressionBinder binder) {
        String name = call.name().toLowerCase(Locale.ROOT);
        return new Digest(binary(call, arguments, binder, name), "SHA-1", null, false, sql(name, arguments));
    }

    static BoundExpression bindSha2(Expression.FunctionCall call, List<BoundExpression> arguments,
            ExpressionBinder binder) {
        String sql = sql("sha2", arguments);
        BoundExpression bits = binder.require(sql, call.position(), "second", arguments.get(1),
                InputType.of(AtomicType.INT));
        return new Digest(binary(call, arguments, binder, "sha2"), null, bits, false, sql);
    }

    static BoundExpression bindCrc32(Expression.FunctionCall call, List<BoundExpression> arguments,
            ExpressionBinder binder) {
        return new Digest(binary(call, arguments, binder, "crc32"), null, null, true, sql("crc32", arguments));
    }

    private static String sql(String name, List<BoundExpression> arguments) {
        return FunctionBinder.sql(name, arguments);
    }

    private static BoundExpression binary(Expression.FunctionCall call, List<BoundExpression> arguments,
            ExpressionBinder binder, String name) {
        return binder.require(sql(name, arguments), call.position(), "first", arguments.get(0), BINARY);
    }

    private static MessageDigest digester(String algorithm) {
        try {
            return MessageDigest.getInstance(algorithm);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK lacks " + algorithm, e);
        }
    }

    @Override
    public ColumnVector evaluate(ColumnarBatch input, EvaluationContext context) {
        BinaryVector values = (BinaryVector) child.evaluate(input, context);
        LongVector lengths = bits == null ? null : (LongVector) bits.evaluate(input, context);
        int size = input.size();
        ColumnVector result = output(size);
        NullMasks.propagate(result, values, size);
        if (lengths != null) {
            NullMasks.propagate(result, lengths, size);
        }
        byte[][] in = values.values();
        for (int i = 0; i < size; i++) {
            if (result.isNull(i)) {
                continue;
            }
            if (crc != null) {
                crc.reset();
                crc.update(in[i]);
                ((LongVector) result).values()[i] = crc.getValue();
                continue;
            }
            MessageDigest algorithm = lengths == null ? digest : sha2(lengths.values()[i]);
            if (algorithm == null) {
                result.setNull(i);
            } else {
                ((StringVector) result).values()[i] = HEX.formatHex(algorithm.digest(in[i]));
            }
        }
        return result;
    }

    /** The SHA-2 digest of a bit length, or null for a length Spark does not know. */
    private MessageDigest sha2(long bitLength) {
        int length = bitLength == 0 ? 256 : (int) bitLength;
        int slot = Arrays.binarySearch(SHA2_LENGTHS, length);
        if (slot < 0) {
            return null;
        }
        if (sha2[slot] == null) {
            sha2[slot] = digester("SHA-" + length);
        }
        return sha2[slot];
    }
}
