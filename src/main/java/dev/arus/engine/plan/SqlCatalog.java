package dev.arus.engine.plan;

import java.util.List;
import java.util.Optional;

/**
 * The tables a SQL statement may name, as Spark's temporary views: each name gives a stream (a
 * {@link LogicalPlan.StreamSource} or any plan over one) or a static table (a
 * {@link LogicalPlan.StaticSource}). Names are looked up as written, in parts; the catalog
 * decides how they match (Spark's are case-insensitive).
 */
public interface SqlCatalog {

    /** The plan of the table or view {@code name}, or empty when the catalog has none of that name. */
    Optional<LogicalPlan> relation(List<String> name);
}
