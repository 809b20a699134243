package dev.arus.engine.state;

import java.io.DataInput;
import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A growable byte buffer that state is serialised into, big-endian as {@code DataOutputStream}
 * (so {@code DataInputStream} reads it back). Reused from batch to batch: once grown, writing a
 * delta allocates nothing.
 */
public final class StateBuffer {

    // An int or a long written at once, big-endian: byte by byte, each store waited for the size's.
    private static final VarHandle INTS = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

    private byte[] bytes;
    private int size;

    public StateBuffer() {
        this(256);
    }

    /** A buffer that holds {@code capacity} bytes before it grows: a size known ahead costs no copy. */
    public StateBuffer(int capacity) {
        bytes = new byte[capacity];
    }

    public void reset() {
        size = 0;
    }

    public int size() {
        return size;
    }

    public byte[] array() {
        return bytes;
    }

    private void ensure(int more) {
        if (size + more > bytes.length) {
            bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, size + more));
        }
    }

    public void writeByte(int value) {
        ensure(1);
        bytes[size++] = (byte) value;
    }

    public void writeBoolean(boolean value) {
        writeByte(value ? 1 : 0);
    }

    public void writeInt(int value) {
        ensure(4);
        INTS.set(bytes, size, value);
        size += 4;
    }

    public void writeLong(long value) {
        ensure(8);
        LONGS.set(bytes, size, value);
        size += 8;
    }

    public void writeDouble(double value) {
        writeLong(Double.doubleToRawLongBits(value));
    }

    /** A string as its UTF-8 length (an int) and bytes; read back with {@link #readString}. */
    public void writeString(String value) {
        byte[] utf8 = value.getBytes(StandardCharsets.UTF_8);
        writeInt(utf8.length);
        write(utf8, 0, utf8.length);
    }

    /**
     * Adds {@code length} bytes at the end, to be filled by {@link #putByte} and {@link #putLong}
     * (a column of rows at a time); returns where they start.
     */
    public int extend(int length) {
        ensure(length);
        size += length;
        return size - length;
    }

    public void putByte(int at, int value) {
        bytes[at] = (byte) value;
    }

    public void putInt(int at, int value) {
        INTS.set(bytes, at, value);
    }

    public void putLong(int at, long value) {
        LONGS.set(bytes, at, value);
    }

    public void write(byte[] source, int offset, int length) {
        ensure(length);
        System.arraycopy(source, offset, bytes, size, length);
        size += length;
    }

    /** Reads a string written by {@link #writeString}. */
    public static String readString(DataInput in) throws IOException {
        int length = in.readInt();
        if (length < 0 || length > 1 << 28) {
            throw new IOException("bad string length " + length);
        }
        byte[] utf8 = new byte[length];
        in.readFully(utf8);
        return new String(utf8, StandardCharsets.UTF_8);
    }
}
