package dev.arus.engine.runtime;

import dev.arus.engine.checkpoint.Checkpoint;
import dev.arus.engine.checkpoint.ResumePoint;
import java.util.Map;

/**
 * Where a run starts: the checkpoint it follows (null without one), the point it goes on from,
 * the query's lasting settings written with every offsets entry, and the restore to do on the
 * query's own thread before its first batch (loading state can take long; nobody waits for it).
 */
record Resumption(Checkpoint checkpoint, ResumePoint point, Map<String, String> conf, Runnable restore) {
}
