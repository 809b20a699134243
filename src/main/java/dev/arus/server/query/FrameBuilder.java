package dev.arus.server.query;

import dev.arus.server.query.QuerySpec.SourceSpec;

/**
 * One engine's frames of a {@link ResolvedStream}: what the engine does to read a source and to
 * apply each kind of {@link ResolvedStep}, the one place per engine where a step is written. A
 * method an engine cannot run refuses with a {@link dev.arus.server.web.ProblemException} at the
 * step's pointer, in the engine's words. An engine analyses each step as it applies it, as a user
 * of the DataFrame API would see it refused.
 *
 * @param <F> the engine's frame: Arus's {@code StreamFrame}, Spark's {@code Dataset<Row>}
 */
public interface FrameBuilder<F> {

    /** The stream {@code source} reads; the source is at {@code pointer} in the spec. */
    F source(SourceSpec source, String pointer);

    F withColumn(F frame, ResolvedStep.WithColumn step);

    F filter(F frame, ResolvedStep.Filter step);

    F select(F frame, ResolvedStep.Select step);

    F selectExpr(F frame, ResolvedStep.SelectExpr step);

    F alias(F frame, ResolvedStep.Alias step);

    F dropDuplicates(F frame, ResolvedStep.DropDuplicates step);

    F dropDuplicatesWithinWatermark(F frame, ResolvedStep.DropDuplicatesWithinWatermark step);

    F withWatermark(F frame, ResolvedStep.WithWatermark step);

    F limit(F frame, ResolvedStep.Limit step);

    F groupBy(F frame, ResolvedStep.GroupBy step);

    /** The join of {@code frame} with the step's other side, a stream it {@linkplain ResolvedStream#build builds} or a table. */
    F join(F frame, ResolvedStep.Join step);
}
