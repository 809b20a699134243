package dev.arus.engine.exec;

import dev.arus.engine.streaming.ArusException;

/**
 * The most rows the partitions of one stateful operator may hold together, so that one query's
 * state cannot grow until the JVM runs out of memory, and how its error says so: the
 * {@code state} that would hold more than {@code maxRows} {@code rows}, then {@code advice}.
 */
public record StateRowLimit(int maxRows, String state, String rows, String advice) {

    /** The failure of a batch after which the state would hold more rows than the limit. */
    public ArusException exceeded() {
        return new ArusException("STATE_ROWS_LIMIT_EXCEEDED", "[STATE_ROWS_LIMIT_EXCEEDED] The " + state
                + " would hold more than " + maxRows + " " + rows + ", the limit of this session. " + advice);
    }
}
