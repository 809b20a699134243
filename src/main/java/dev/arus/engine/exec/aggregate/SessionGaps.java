package dev.arus.engine.exec.aggregate;

import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.StringVector;
import dev.arus.engine.expr.EvaluationContext;
import dev.arus.engine.expr.window.GroupingKey.SessionKey;
import dev.arus.engine.streaming.ArusException;
import dev.arus.engine.streaming.IntervalParser;

/**
 * Each row's session gap in microseconds, for one chunk at a time: the fixed gap, or the row's
 * interval string parsed; 0 for a NULL or an unparsable string, which Spark's cast makes NULL and
 * its session filter leaves out. Neighbouring rows mostly repeat a gap, so the last string parsed
 * is remembered, which keeps the per-row path free of parsing.
 */
final class SessionGaps {

    private final SessionKey.Gap gap;
    // the fixed gap, or -1 when each row gives its own
    private final long fixedMicros;
    private StringVector texts;
    private String lastText;
    private long lastMicros;

    SessionGaps(SessionKey.Gap gap) {
        this.gap = gap;
        this.fixedMicros = gap instanceof SessionKey.FixedGap fixed ? fixed.micros() : -1;
    }

    void evaluate(ColumnarBatch chunk, EvaluationContext context) {
        if (gap instanceof SessionKey.GapPerRow perRow) {
            texts = (StringVector) perRow.intervals().evaluate(chunk, context);
        }
    }

    /** Leaves marked the rows of the chunk last evaluated whose gap repeats the row before's. */
    void markRepeats(KeyRepeats repeats) {
        if (texts != null) {
            repeats.and(texts);
        }
    }

    /** Row {@code row}'s gap, of the chunk last evaluated. */
    long micros(int row) {
        if (fixedMicros >= 0) {
            return fixedMicros;
        }
        if (texts.isNull(row)) {
            return 0;
        }
        String text = texts.values()[row];
        if (!text.equals(lastText)) {
            lastMicros = parse(text);
            lastText = text;
        }
        return lastMicros;
    }

    private static long parse(String text) {
        try {
            return IntervalParser.parseMicros(text);
        } catch (ArusException notAnInterval) {
            return 0;
        }
    }
}
