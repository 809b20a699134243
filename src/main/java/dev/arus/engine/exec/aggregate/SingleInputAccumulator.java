package dev.arus.engine.exec.aggregate;

import dev.arus.engine.data.ColumnVector;

/**
 * An accumulator of a function that reads at most one input per row: every function but
 * {@code max_by} and {@code min_by}. Its update takes that input's vector directly.
 */
abstract class SingleInputAccumulator extends Accumulator {

    @Override
    final void update(int[] groupIds, ColumnVector[] inputs, int size) {
        update(groupIds, inputs.length == 0 ? null : inputs[0], size);
    }

    /** Folds rows {@code [0, size)} of {@code input} ({@code null} for {@code count(*)}) into their groups. */
    abstract void update(int[] groupIds, ColumnVector input, int size);
}
