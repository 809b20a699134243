package dev.arus.engine.exec.aggregate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.BinaryVector;
import dev.arus.engine.data.DoubleVector;
import dev.arus.engine.data.LongVector;
import dev.arus.engine.data.StringVector;
import java.util.Arrays;
import java.util.Random;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class KeyRepeatsTest {

    private static LongVector longs(long... values) {
        LongVector vector = new LongVector(AtomicType.LONG, values.length);
        System.arraycopy(values, 0, vector.values(), 0, values.length);
        return vector;
    }

    private static StringVector strings(String... values) {
        StringVector vector = new StringVector(AtomicType.STRING, values.length);
        System.arraycopy(values, 0, vector.values(), 0, values.length);
        return vector;
    }

    /** The rows each run starts at. */
    private static int[] runStarts(KeyRepeats repeats, int size) {
        IntStream.Builder starts = IntStream.builder();
        for (int row = 0; row < size; row = repeats.runEnd(row, size)) {
            starts.add(row);
        }
        return starts.build().toArray();
    }

    @Test
    void aRowRepeatsOnlyWhenEveryColumnHoldsTheRowBeforesValue() {
        KeyRepeats repeats = new KeyRepeats();
        repeats.start(6);
        repeats.and(longs(7, 7, 7, 8, 8, 8));
        repeats.and(strings("a", "a", "b", "b", "b", new String("b")));
        DoubleVector doubles = new DoubleVector(AtomicType.DOUBLE, 6);
        System.arraycopy(new double[] {1, 1, 1, 1, -0.0, 0.0}, 0, doubles.values(), 0, 6);
        repeats.and(doubles);

        // 0.0 after -0.0 is the same key, but not the same bits: a lookup tells, not the marks.
        assertThat(runStarts(repeats, 6)).containsExactly(0, 2, 3, 4, 5);
    }

    @Test
    void aNullRepeatsNoValueAndAColumnOfAnotherTypeNoRow() {
        KeyRepeats repeats = new KeyRepeats();
        repeats.start(4);
        LongVector withNull = longs(0, 0, 5, 5);
        withNull.setNull(1);
        repeats.and(withNull);
        assertThat(runStarts(repeats, 4)).containsExactly(0, 1, 2);

        repeats.and(new BinaryVector(4));
        assertThat(runStarts(repeats, 4)).containsExactly(0, 1, 2, 3);
    }

    @Test
    void longRunsEndWhereTheirValueChangesAcrossWordsOfTheMarks() {
        // runs of 1, 2, 9 (past the rows checked one at a time), 100 and 188 rows, two columns
        // breaking apart, and a chunk whose one column never changes
        long[] visitors = new long[300];
        long[] times = new long[300];
        int[] starts = {0, 1, 3, 12, 112};
        for (int run = 0; run < starts.length; run++) {
            Arrays.fill(visitors, starts[run], run + 1 < starts.length ? starts[run + 1] : 300, run * 10L);
        }
        Arrays.fill(times, 200, 300, 1L);
        KeyRepeats repeats = new KeyRepeats();
        repeats.start(300);
        repeats.and(longs(times));
        repeats.and(longs(visitors));

        assertThat(runStarts(repeats, 300)).containsExactly(0, 1, 3, 12, 112, 200);
        assertThat(repeats.repeats(199)).isTrue();
        assertThat(repeats.repeats(200)).isFalse();

        repeats.start(300);
        repeats.and(longs(new long[300]));
        assertThat(runStarts(repeats, 300)).containsExactly(0);
        assertThat(runStarts(repeats, 64)).containsExactly(0);
    }

    /**
     * Against the rule itself, row by row: chunks of sizes on and off the 64-row words, one
     * object reused from larger chunks to smaller ones (words of the larger left behind), runs
     * short and long (past a word, where the long column's run end is looked for in a block),
     * a run that ends on a chunk's last row, and NULLs in runs, between runs and at the end.
     */
    @Test
    void eachRowBreaksExactlyWhereAColumnChangesValueOrNullFlagWhateverTheChunksBefore() {
        Random random = new Random(36);
        KeyRepeats repeats = new KeyRepeats();
        for (int size : new int[] {4097, 200, 1, 64, 0, 65, 129, 63, 1000, 128, 127, 2, 4096, 191}) {
            for (int round = 0; round < 20; round++) {
                LongVector first = runs(random, size, round % 2 == 0 ? 3 : 150);
                LongVector second = runs(random, size, round % 3 == 0 ? 70 : 400);
                repeats.start(size);
                repeats.and(first);
                repeats.and(second);

                IntStream.Builder expected = IntStream.builder();
                for (int row = 0; row < size; row++) {
                    boolean breaks = row == 0 || changes(first, row) || changes(second, row);
                    assertThat(repeats.repeats(row)).as("size %d row %d", size, row).isEqualTo(!breaks);
                    if (breaks) {
                        expected.add(row);
                    }
                }
                assertThat(runStarts(repeats, size)).as("size %d", size).containsExactly(expected.build().toArray());
            }
        }
    }

    /** Runs of random lengths averaging {@code meanRun} rows; a fifth of the columns hold NULL runs, the last row too. */
    private static LongVector runs(Random random, int size, int meanRun) {
        LongVector vector = new LongVector(AtomicType.LONG, Math.max(size, 1));
        boolean nulls = random.nextInt(5) == 0;
        long value = 0;
        for (int row = 0; row < size; row++) {
            if (random.nextInt(meanRun) == 0) {
                value += 1 + random.nextInt(2);
            }
            vector.values()[row] = value;
            if (nulls && value % 2 == 0 || nulls && row == size - 1) {
                vector.setNull(row);
            }
        }
        return vector;
    }

    private static boolean changes(LongVector column, int row) {
        return column.values()[row] != column.values()[row - 1] || column.isNull(row) != column.isNull(row - 1);
    }
}
