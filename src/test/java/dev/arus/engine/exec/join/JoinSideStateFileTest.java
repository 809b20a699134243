package dev.arus.engine.exec.join;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.Field;
import dev.arus.engine.data.Schema;
import dev.arus.engine.state.StateBuffer;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A join side's rows are written as a {@code DataOutputStream} writes them row by row, whether
 * they are written a column at a time (fixed widths, no NULL) or a row at a time.
 */
class JoinSideStateFileTest {

    private static final Schema SCHEMA = Schema.of(new Field("ad", AtomicType.LONG, true),
            new Field("price", AtomicType.DOUBLE, true), new Field("shown", AtomicType.BOOLEAN, true));

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void writesTheRowsItReadsByteForByte(boolean withNull) throws IOException {
        byte[] file = snapshot(withNull);
        JoinSideState state = new JoinSideState(SCHEMA, 1);
        state.clear(true);
        state.read(new DataInputStream(new ByteArrayInputStream(file)));

        StateBuffer out = new StateBuffer();
        state.writeSnapshot(out);

        assertThat(Arrays.copyOf(out.array(), out.size())).isEqualTo(file);
        assertThat(state.snapshotSize()).as("known ahead only for rows of one width").isEqualTo(withNull ? -1 : file.length);
    }

    @Test
    void writesTheIdsThatMatchedSinceTheLastCommitAsADataOutputStreamDoes() throws IOException {
        JoinSideState state = new JoinSideState(SCHEMA, 1);
        state.clear(true);
        state.read(new DataInputStream(new ByteArrayInputStream(snapshot(false))));
        state.forgetChanges();
        for (int slot = 1; slot < 100; slot += 2) {
            state.markMatched(slot);
        }

        StateBuffer out = new StateBuffer();
        state.writeDelta(out);

        ByteArrayOutputStream expected = new ByteArrayOutputStream();
        DataOutputStream data = new DataOutputStream(expected);
        data.writeInt(0);
        data.writeInt(0);
        data.writeInt(50);
        for (int slot = 1; slot < 100; slot += 2) {
            data.writeLong(slot * 3L);
        }
        data.writeLong(300);
        assertThat(Arrays.copyOf(out.array(), out.size())).isEqualTo(expected.toByteArray());
    }

    /** A snapshot of 100 rows as written row by row: per value a NULL flag, then the value. */
    private static byte[] snapshot(boolean withNull) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream data = new DataOutputStream(bytes);
        data.writeInt(100);
        for (int row = 0; row < 100; row++) {
            data.writeLong(row * 3L);
            data.writeBoolean(row % 4 == 0);
            data.writeBoolean(false);
            data.writeLong(0x0102030405060708L * row - row);
            if (withNull && row == 57) {
                data.writeBoolean(true);
            } else {
                data.writeBoolean(false);
                data.writeDouble(row / 7.0);
            }
            data.writeBoolean(false);
            data.writeBoolean(row % 3 == 0);
        }
        data.writeInt(0);
        data.writeInt(0);
        data.writeLong(300);
        return bytes.toByteArray();
    }
}
