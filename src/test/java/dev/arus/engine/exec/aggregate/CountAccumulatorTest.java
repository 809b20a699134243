package dev.arus.engine.exec.aggregate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.LongVector;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class CountAccumulatorTest {

    @Test
    void countsEachGroupsRowsInRunsOfEveryLengthAndSkipsTheRowsOfNoGroup() {
        SplittableRandom random = new SplittableRandom(3);
        int[] groupIds = new int[4_096];
        long[] expected = new long[5];
        // runs of 1 to 40 rows, shorter and longer than the one looked for by a compare of several
        // ids, of groups that come back and of -1 (late rows), and the chunk's last run reaching its end
        for (int row = 0; row < groupIds.length; ) {
            int group = random.nextInt(-1, 5);
            int end = Math.min(groupIds.length, row + 1 + random.nextInt(40));
            for (; row < end; row++) {
                groupIds[row] = group;
                if (group >= 0) {
                    expected[group]++;
                }
            }
        }
        CountAccumulator count = new CountAccumulator(false);
        count.ensureGroups(5);
        count.update(groupIds, (ColumnVector) null, groupIds.length);
        count.update(new int[] {4, 4, 4, 4, 4, 4, 4, 4, 4, 4}, (ColumnVector) null, 10);
        expected[4] += 10;

        LongVector out = new LongVector(AtomicType.LONG, 5);
        for (int group = 0; group < 5; group++) {
            count.writeResult(group, out, group);
        }
        assertThat(Arrays.copyOf(out.values(), 5)).containsExactly(expected);
    }
}
