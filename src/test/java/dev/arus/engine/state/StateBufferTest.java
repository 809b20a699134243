package dev.arus.engine.state;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** {@link StateBuffer} writes what {@code DataOutputStream} writes, at any offset, growing as it goes. */
class StateBufferTest {

    @Test
    void writesAsDataOutputStreamDoesAtAnyOffset() throws IOException {
        StateBuffer buffer = new StateBuffer();
        ByteArrayOutputStream expected = new ByteArrayOutputStream();
        DataOutputStream data = new DataOutputStream(expected);
        for (int i = 0; i < 200; i++) {
            long value = 0x0102030405060708L * (i + 1) - i;
            buffer.writeBoolean(i % 3 == 0);
            data.writeBoolean(i % 3 == 0);
            buffer.writeLong(value);
            data.writeLong(value);
            buffer.writeInt((int) -value);
            data.writeInt((int) -value);
            buffer.writeDouble(i / 7.0);
            data.writeDouble(i / 7.0);
        }

        assertThat(Arrays.copyOf(buffer.array(), buffer.size())).isEqualTo(expected.toByteArray());
    }

    @Test
    void growsPastTheCapacityItWasGiven() {
        StateBuffer buffer = new StateBuffer(3);
        buffer.writeLong(0x0102030405060708L);
        buffer.putInt(0, 0x0a0b0c0d);

        assertThat(Arrays.copyOf(buffer.array(), buffer.size())).containsExactly(10, 11, 12, 13, 5, 6, 7, 8);
    }

    @Test
    void putsAtAnOffsetWhatWritesWouldHaveWritten() throws IOException {
        StateBuffer buffer = new StateBuffer();
        ByteArrayOutputStream expected = new ByteArrayOutputStream();
        DataOutputStream data = new DataOutputStream(expected);
        buffer.writeInt(7);
        data.writeInt(7);
        int start = buffer.extend(200 * 9);
        for (int i = 0; i < 200; i++) {
            long value = 0x0102030405060708L * (i + 1) - i;
            buffer.putByte(start + 9 * i, i % 3);
            data.writeByte(i % 3);
            buffer.putLong(start + 9 * i + 1, value);
            data.writeLong(value);
        }
        buffer.writeLong(-1);
        data.writeLong(-1);

        assertThat(Arrays.copyOf(buffer.array(), buffer.size())).isEqualTo(expected.toByteArray());
    }
}
