package dev.arus.engine.runtime;

import dev.arus.engine.log.EventLog;
import dev.arus.engine.sink.MemoryTables;
import dev.arus.engine.time.Clock;
import java.io.PrintStream;
import java.time.ZoneId;

/**
 * What every query of a session shares: its clock, the scheduler of triggers and the task slots
 * of batches, the time zone, the console and memory tables of its sinks, the event log of its
 * {@code stream} sources and sinks (null: the session has none), and the session's settings:
 * progress reports kept, the most state rows one operator may hold, the most rows one batch may
 * hand a sink that takes every row, and the default number of state partitions.
 */
public record QueryEnvironment(Clock clock, TriggerScheduler scheduler, TaskSlots taskSlots, ZoneId timeZone,
                               PrintStream console, MemoryTables memoryTables, EventLog eventLog,
                               int recentProgress, int maxStateRows, long maxBatchOutputRows,
                               int shufflePartitions) {
}
