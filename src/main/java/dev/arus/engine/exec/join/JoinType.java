package dev.arus.engine.exec.join;

import dev.arus.engine.streaming.AnalysisException;
import java.util.Locale;

/** The kinds of join, by Spark's names for them ({@code JoinType.apply}), printed as Spark prints them in messages. */
public enum JoinType {
    INNER("Inner"),
    CROSS("Cross"),
    LEFT_OUTER("LeftOuter"),
    RIGHT_OUTER("RightOuter"),
    FULL_OUTER("FullOuter"),
    LEFT_SEMI("LeftSemi"),
    LEFT_ANTI("LeftAnti");

    private static final String SUPPORTED = "'inner', 'outer', 'full', 'fullouter', 'full_outer', 'leftouter', "
            + "'left', 'left_outer', 'rightouter', 'right', 'right_outer', 'leftsemi', 'left_semi', 'semi', "
            + "'leftanti', 'left_anti', 'anti', 'cross'";

    private final String sparkName;

    JoinType(String sparkName) {
        this.sparkName = sparkName;
    }

    /** {@code LeftOuter}, as Spark's messages name it. */
    public String sparkName() {
        return sparkName;
    }

    /** Whether the output has only the left side's columns. */
    public boolean leftOnly() {
        return this == LEFT_SEMI || this == LEFT_ANTI;
    }

    /**
     * The join type a name means, in any case and with or without underscores, as Spark reads it.
     *
     * @throws AnalysisException {@code UNSUPPORTED_JOIN_TYPE} listing the names Spark knows
     */
    public static JoinType of(String name) {
        return switch (name.toLowerCase(Locale.ROOT).replace("_", "")) {
            case "inner" -> INNER;
            case "cross" -> CROSS;
            case "outer", "full", "fullouter" -> FULL_OUTER;
            case "leftouter", "left" -> LEFT_OUTER;
            case "rightouter", "right" -> RIGHT_OUTER;
            case "leftsemi", "semi" -> LEFT_SEMI;
            case "leftanti", "anti" -> LEFT_ANTI;
            default -> throw new AnalysisException("UNSUPPORTED_JOIN_TYPE", "[UNSUPPORTED_JOIN_TYPE] Unsupported join "
                    + "type '" + name + "'. Supported join types include: " + SUPPORTED + ".");
        };
    }
}
