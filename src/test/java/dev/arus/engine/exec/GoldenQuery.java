package dev.arus.engine.exec;

import static dev.arus.engine.api.functions.expr;

import dev.arus.engine.api.ArusSession;
import dev.arus.engine.api.Column;
import dev.arus.engine.api.DataStreamReader;
import dev.arus.engine.api.DataStreamWriter;
import dev.arus.engine.api.SqlTables;
import dev.arus.engine.api.StreamFrame;
import dev.arus.engine.streaming.StreamingQueryListener;
import dev.arus.engine.streaming.Trigger;
import dev.arus.engine.streaming.IntervalParser;
import dev.arus.engine.testing.QueryTestDriver;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * One golden case, read from {@code src/test/resources/queries/<case>/query.txt}: a query as
 * {@code key: value} lines (steps in order, expressions in Spark SQL) and how long to run it.
 * Running it on a {@link QueryTestDriver} returns what the console sink printed.
 *
 * <pre>
 * start: 2026-10-16T13:30:00Z                       the manual clock's start
 * source: rate-micro-batch rowsPerBatch=4 ...        format and options
 * sql: SELECT ... FROM events ...                     the same query in Spark SQL, the source as {@code events}
 * withColumn: event_time = &lt;expr&gt;
 * filter: &lt;expr&gt;
 * withWatermark: event_time, 5 seconds
 * groupBy: &lt;key expr&gt;                              one line per key
 * agg: &lt;aggregate expr&gt;                            one line per aggregate
 * outputMode: update
 * trigger: processingTime 4 seconds                  absent: the default trigger
 * sink: console truncate=false
 * firstBatchMillis: 1500                             how long batch 0 takes (clock moves)
 * batches: 8  |  runFor: 48 seconds                  stop after N batches, or run every trigger due
 * </pre>
 */
record GoldenQuery(String name, List<String[]> lines) {

    static GoldenQuery read(Path directory) throws IOException {
        List<String[]> lines = new ArrayList<>();
        for (String line : Files.readAllLines(directory.resolve("query.txt"))) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            int colon = line.indexOf(':');
            lines.add(new String[] {line.substring(0, colon).trim(), line.substring(colon + 1).trim()});
        }
        return new GoldenQuery(directory.getFileName().toString(), lines);
    }

    String value(String key) {
        return lines.stream().filter(l -> l[0].equals(key)).map(l -> l[1]).findFirst().orElse(null);
    }

    List<String> values(String key) {
        return lines.stream().filter(l -> l[0].equals(key)).map(l -> l[1]).toList();
    }

    Instant start() {
        return Instant.parse(value("start"));
    }

    /** Builds the query from its steps, runs it as the case says, and returns the console text. */
    String run(QueryTestDriver driver) {
        return run(driver, null, false);
    }

    /**
     * As {@link #run(QueryTestDriver)}, the query built from its {@code sql} line when {@code sql},
     * with the query's checkpoint in {@code checkpoint} when it is not {@code null}.
     */
    String run(QueryTestDriver driver, Path checkpoint, boolean sql) {
        String firstBatch = value("firstBatchMillis");
        if (firstBatch != null) {
            driver.session().streams().addListener(new StreamingQueryListener() {
                @Override
                public void onQueryProgress(QueryProgressEvent event) {
                    if (event.progress().batchId() == 0) {
                        driver.clock().advanceMillis(Long.parseLong(firstBatch));
                    }
                }
            });
        }
        StreamFrame frame = sql ? driver.session().sql(value("sql"), SqlTables.none().stream("events",
                source(driver.session()))) : frame(driver.session());
        driver.start(frame, checkpoint == null ? this::writer
                : w -> writer(w).option("checkpointLocation", checkpoint.toString()));
        if (value("batches") != null) {
            driver.runBatches(Integer.parseInt(value("batches")));
        } else {
            long end = start().toEpochMilli() + IntervalParser.parseMicros(value("runFor")) / 1000;
            while (driver.hasPendingTrigger() && driver.nextTriggerMillis() <= end) {
                driver.runTrigger();
            }
        }
        driver.query().stop();
        return driver.consoleText();
    }

    private StreamFrame source(ArusSession session) {
        String[] source = value("source").split(" ");
        DataStreamReader reader = session.readStream().format(source[0]);
        for (int i = 1; i < source.length; i++) {
            String[] option = source[i].split("=", 2);
            reader = reader.option(option[0], option[1]);
        }
        return reader.load();
    }

    private StreamFrame frame(ArusSession session) {
        StreamFrame frame = source(session);
        List<Column> keys = new ArrayList<>();
        for (String[] line : lines) {
            switch (line[0]) {
                case "withColumn" -> {
                    int eq = line[1].indexOf('=');
                    frame = frame.withColumn(line[1].substring(0, eq).trim(), expr(line[1].substring(eq + 1).trim()));
                }
                case "filter" -> frame = frame.filter(line[1]);
                case "withWatermark" -> {
                    String[] parts = line[1].split(",", 2);
                    frame = frame.withWatermark(parts[0].trim(), parts[1].trim());
                }
                case "groupBy" -> keys.add(expr(line[1]));
                default -> {
                }
            }
        }
        List<String> aggregates = values("agg");
        if (!aggregates.isEmpty()) {
            frame = frame.groupBy(keys.toArray(Column[]::new))
                    .agg(aggregates.get(0), aggregates.subList(1, aggregates.size()).toArray(String[]::new));
        }
        return frame;
    }

    private DataStreamWriter writer(DataStreamWriter writer) {
        String[] sink = value("sink").split(" ");
        writer = writer.format(sink[0]).outputMode(value("outputMode"));
        for (int i = 1; i < sink.length; i++) {
            String[] option = sink[i].split("=", 2);
            writer = writer.option(option[0], option[1]);
        }
        String trigger = value("trigger");
        if (trigger != null) {
            writer = writer.trigger(Trigger.processingTime(trigger.substring("processingTime".length()).trim()));
        }
        return writer;
    }
}
