package dev.arus.engine.exec;

import dev.arus.engine.data.ArrayVector;
import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.MapVector;
import dev.arus.engine.data.Schema;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.Generator;
import java.util.List;

/**
 * A select list with a generator ({@code explode}): each input row becomes one output row per
 * element or entry of its collection, the other items repeated beside it; a row whose collection
 * is NULL or empty gives none. Output goes downstream in chunks of at most
 * {@link ColumnarBatch#CHUNK_SIZE} rows, however many rows the collections hold.
 */
public final class GenerateOperator implements Operator {

    private final BoundExpression[] items;
    private final int generatorPosition;
    private final Generator generator;
    private final ColumnarBatch output;
    private final ColumnVector[] itemValues;
    private final Operator downstream;
    private final int[] sourceRows = new int[ColumnarBatch.CHUNK_SIZE];
    private final int[] elementRows = new int[ColumnarBatch.CHUNK_SIZE];

    /** {@code items} are the select list's other items, in order; the generator's columns go at {@code generatorPosition}. */
    public GenerateOperator(List<BoundExpression> items, int generatorPosition, Generator generator,
            Schema outputSchema, Operator downstream) {
        this.items = items.toArray(BoundExpression[]::new);
        this.generatorPosition = generatorPosition;
        this.generator = generator;
        this.output = ColumnarBatch.allocate(outputSchema, ColumnarBatch.CHUNK_SIZE);
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
            if (collections.isNull(row)) {
                continue;
            }
            int start = collections instanceof ArrayVector array ? array.start(row) : ((MapVector) collections).start(row);
            int length = collections instanceof ArrayVector array ? array.length(row)
                    : ((MapVector) collections).length(row);
            for (int element = start; element < start + length; element++) {
                sourceRows[count] = row;
                elementRows[count++] = element;
                if (count == ColumnarBatch.CHUNK_SIZE) {
                    emit(collections, count, context);
                    count = 0;
                }
            }
        }
        if (count > 0) {
            emit(collections, count, context);
        }
    }

    private void emit(ColumnVector collections, int count, BatchContext context) {
        int generated = generator.fields().size();
        for (int k = 0; k < items.length; k++) {
            fill(k < generatorPosition ? k : k + generated, itemValues[k], sourceRows, count);
        }
        if (collections instanceof ArrayVector array) {
            fill(generatorPosition, array.elements(), elementRows, count);
        } else {
            MapVector map = (MapVector) collections;
            fill(generatorPosition, map.keys(), elementRows, count);
            fill(generatorPosition + 1, map.values(), elementRows, count);
        }
        output.setSize(count);
        downstream.process(output, context);
    }

    private void fill(int column, ColumnVector source, int[] rows, int count) {
        ColumnVector target = output.column(column);
        target.resetNulls();
        target.gather(source, rows, count, 0);
    }
}
