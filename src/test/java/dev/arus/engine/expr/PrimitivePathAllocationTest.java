package dev.arus.engine.expr;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.DayTimeIntervalType;
import dev.arus.engine.data.DecimalType;
import dev.arus.engine.data.Field;
import dev.arus.engine.data.Schema;
import dev.arus.engine.expr.analysis.ExpressionAnalyzer;
import dev.arus.engine.expr.sql.ExpressionParser;
import java.lang.management.ManagementFactory;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Expressions over values held in primitive vectors (narrow and wide integers, floats, decimals
 * of up to 18 digits, dates, timestamps, intervals) allocate nothing per row: a chunk of 4096 rows
 * may cost a few objects, never one per row. (A cast from a float or double to a decimal is the
 * exception: it reads the number's shortest decimal text, as Spark does. Strings, binary values
 * and decimals of more than 18 digits are objects themselves.)
 */
class PrimitivePathAllocationTest {

    private static final int ROWS = ColumnarBatch.CHUNK_SIZE;
    private static final int RUNS = 50;
    private static final Schema SCHEMA = Schema.of(new Field("i", AtomicType.INT, true),
            new Field("l", AtomicType.LONG, true), new Field("t", AtomicType.BYTE, true),
            new Field("sm", AtomicType.SHORT, true), new Field("d", AtomicType.DOUBLE, true),
            new Field("f", AtomicType.FLOAT, true), new Field("dec", new DecimalType(10, 2), true),
            new Field("b", AtomicType.BOOLEAN, true), new Field("dt", AtomicType.DATE, true),
            new Field("ts", AtomicType.TIMESTAMP, true),
            new Field("iv", DayTimeIntervalType.DAY_TO_SECOND, true));

    private static ColumnarBatch rows() {
        ColumnarBatch batch = ColumnarBatch.allocate(SCHEMA, ROWS);
        Instant start = Instant.parse("2026-12-01T10:00:00Z");
        for (int r = 0; r < ROWS; r++) {
            Object[] values = {r % 1000, r * 1_000_003L, (byte) (r % 100), (short) (r % 10_000), r / 7.0,
                r / 4.0f, BigDecimal.valueOf(r * 37L + 5, 2), r % 3 == 0, LocalDate.of(2026, 1, 1).plusDays(r),
                start.plusSeconds(r * 61L), Duration.ofSeconds(r * 13L)};
            for (int c = 0; c < values.length; c++) {
                batch.column(c).setObject(r, r % 97 == 0 ? null : values[c]);
            }
        }
        batch.setSize(ROWS);
        return batch;
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "i + l * 2 - t", "t + sm", "f * 2 + d", "i div 3", "l % 7",
        "dec + 0.15", "dec * 3", "dec - i", "CAST(i AS DECIMAL(12,2)) + dec", "dec > 1.5", "dec = i",
        "CAST(dec AS BIGINT)", "CAST(dec AS DOUBLE)", "CAST(l % 1000 AS SMALLINT) > 0 OR b",
        "dt + 1", "dt - DATE '2026-01-01'", "CAST(dt AS TIMESTAMP) < ts", "ts + INTERVAL 1 HOUR",
        "ts - TIMESTAMP '2026-12-01 00:00:00'", "iv * 2", "extract(HOUR FROM ts)", "extract(DOY FROM dt)",
        "extract(SECOND FROM ts)", "i BETWEEN 10 AND 20", "CASE WHEN b THEN dec ELSE 0 END", "coalesce(i, sm)",
        "CAST(f AS SMALLINT)", "-dec", "abs(dec)",
    })
    void allocatesNothingPerRow(String expression) {
        ColumnarBatch batch = rows();
        BoundExpression bound = ExpressionAnalyzer.bind(ExpressionParser.parse(expression), SCHEMA);
        bound.evaluate(batch, Batches.UTC);
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

        long before = threads.getCurrentThreadAllocatedBytes();
        for (int run = 0; run < RUNS; run++) {
            bound.evaluate(batch, Batches.UTC);
        }
        long bytes = threads.getCurrentThreadAllocatedBytes() - before;

        assertThat((double) bytes / RUNS / ROWS).as("bytes per row of %s", expression).isLessThan(0.25);
    }
}
