package dev.arus.engine.exec;

import dev.arus.engine.data.ArrayVector;
import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.LongVector;
import dev.arus.engine.data.MapVector;
import dev.arus.engine.data.Schema;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.analysis.Generator;
import java.util.Arrays;
import java.util.List;

/**
 * A select list with a generator ({@code explode} and its {@code _outer} and {@code pos} forms):
 * each input row becomes one output row per element or entry of its collection, with its
 * position for the {@code pos} forms, the other items repeated beside it; a row whose collection
 * is NULL or empty gives none, or one of NULLs for the {@code _outer} forms. Output goes downstream in chunks of at most
 * {@link ColumnarBatch#CHUNK_SIZE} rows, however many rows the collections hold.
 */
public final class GenerateOperator implements Operator {

    private static final int NO_ELEMENT = -1;

    private final BoundExpression[] items;
    private final int generatorPosition;
    private final Generator generator;
    private final ColumnarBatch output;
    private final ColumnVector[] itemValues;
    private final Operator downstream;
    // All grow to the chunks they build: a quiet stream's query holds a few rows, not full chunks.
    private int[] sourceRows = new int[ColumnarBatch.INITIAL_CAPACITY];
    private int[] elementRows = new int[ColumnarBatch.INITIAL_CAPACITY];
    private int[] positions = new int[ColumnarBatch.INITIAL_CAPACITY];

    /** {@code items} are the select list's other items, in order; the generator's columns go at {@code generatorPosition}. */
    public GenerateOperator(List<BoundExpression> items, int generatorPosition, Generator generator,
            Schema outputSchema, Operator downstream) {
        this.items = items.toArray(BoundExpression[]::new);
        this.generatorPosition = generatorPosition;
        this.generator = generator;
        this.output = ColumnarBatch.allocate(outputSchema, ColumnarBatch.INITIAL_CAPACITY);
        this.itemValues = new ColumnVector[this.items.length];
        this.downstream = downstream;
    }

    @Override
    public void process(ColumnarBatch chunk, BatchContext context) {
        ColumnVector collections = generator.collection().evaluate(chunk, context.evaluation());
        for (int k = 0; k < items.length; k++) {
            itemValues[k] = items[k].evaluate(chunk, context.evaluation());
        }
        int count = 0;
        for (int row = 0; row < chunk.size(); row++) {
            int start = 0;
            int length = 0;
            if (!collections.isNull(row)) {
                start = collections instanceof ArrayVector array ? array.start(row)
                        : ((MapVector) collections).start(row);
                length = collections instanceof ArrayVector array ? array.length(row)
                        : ((MapVector) collections).length(row);
            }
            if (length == 0 && generator.outer()) {
                // An outer generator keeps a row of NULLs for a NULL or empty collection.
                count = add(row, NO_ELEMENT, 0, count, collections, context);
            }
            for (int element = start; element < start + length; element++) {
                count = add(row, element, element - start, count, collections, context);
            }
        }
        if (count > 0) {
            emit(collections, count, context);
        }
    }

    /** Adds an output row to the chunk being built, emitting it when full; returns the chunk's new count. */
    private int add(int row, int element, int position, int count, ColumnVector collections, BatchContext context) {
        if (count == sourceRows.length) {
            sourceRows = Arrays.copyOf(sourceRows, count * 2);
            elementRows = Arrays.copyOf(elementRows, count * 2);
            positions = Arrays.copyOf(positions, count * 2);
        }
        sourceRows[count] = row;
        elementRows[count] = element;
        positions[count] = position;
        if (++count < ColumnarBatch.CHUNK_SIZE) {
            return count;
        }
        emit(collections, count, context);
        return 0;
    }

    private void emit(ColumnVector collections, int count, BatchContext context) {
        output.ensureCapacity(count);
        int generated = generator.fields().size();
        for (int k = 0; k < items.length; k++) {
            ColumnVector target = target(k < generatorPosition ? k : k + generated);
            target.gather(itemValues[k], sourceRows, count, 0);
        }
        int column = generatorPosition;
        if (generator.withPosition()) {
            LongVector pos = (LongVector) target(column++);
            for (int i = 0; i < count; i++) {
                if (elementRows[i] == NO_ELEMENT) {
                    pos.setNull(i);
                } else {
                    pos.values()[i] = positions[i];
                }
            }
        }
        if (collections instanceof ArrayVector array) {
            fill(target(column), array.elements(), count);
        } else {
            MapVector map = (MapVector) collections;
            fill(target(column), map.keys(), count);
            fill(target(column + 1), map.values(), count);
        }
        output.setSize(count);
        downstream.process(output, context);
    }

    private ColumnVector target(int column) {
        ColumnVector target = output.column(column);
        target.resetNulls();
        return target;
    }

    /** The elements of this chunk's rows, NULL where an outer generator found none. */
    private void fill(ColumnVector target, ColumnVector elements, int count) {
        for (int i = 0; i < count; i++) {
            if (elementRows[i] == NO_ELEMENT) {
                target.setNull(i);
            } else {
                elements.copyRow(elementRows[i], target, i);
            }
        }
    }
}
