package dev.arus.server.demo;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arus.engine.api.ArusSession;
import dev.arus.engine.api.StreamFrame;
import dev.arus.engine.streaming.StreamingQuery;
import dev.arus.engine.streaming.StreamingQueryListener;
import dev.arus.engine.streaming.Trigger;
import dev.arus.engine.testing.QueryTestDriver;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * The chapter's demo replayed on a manual clock; its printed output is the golden file, which
 * is the chapter's text with the empty batches it elides written out.
 *
 * <p>Why this start time: the chapter's first window, 13:29:20-28, holds 26 rows and is printed by
 * batch 5. With Spark's rules (the rate source counts whole seconds from its start, a processing-time
 * trigger fires on multiples of 4 s, a window is emitted once the watermark, max event time - 4 s,
 * passes its end) that happens only when the query starts between 13:29:23.8 and 13:29:24.0 and
 * its first batch (batch 0, empty) takes more than about a second, as Spark's first batch does
 * while it plans and compiles. So the test starts at 13:29:23.800 and lets batch 0 take 1.5 s.
 */
class ChapterQueryTest {

    private static final Instant START = Instant.parse("2026-10-16T13:29:23.800Z");

    @Test
    void printsWhatTheChapterPrints() throws IOException {
        printsTheChaptersBatches(ChapterQuery::visitsPerWindow);
    }

    @Test
    void printsWhatTheChapterPrintsWhenWrittenInSql() throws IOException {
        printsTheChaptersBatches(ChapterQuery::visitsPerWindowInSql);
    }

    private static void printsTheChaptersBatches(Function<ArusSession, StreamFrame> chapter) throws IOException {
        try (QueryTestDriver driver = new QueryTestDriver(START)) {
            driver.session().streams().addListener(new StreamingQueryListener() {
                @Override
                public void onQueryProgress(QueryProgressEvent event) {
                    if (event.progress().batchId() == 0) {
                        driver.clock().advanceMillis(1500);
                    }
                }
            });
            StreamingQuery query = driver.start(chapter.apply(driver.session()), writer -> writer
                    .format("console")
                    .outputMode("append")
                    .trigger(Trigger.processingTime("4 seconds"))
                    .option("truncate", "false"));

            // The chapter's awaitTermination(48): every trigger due in the next 48 seconds.
            long end = START.toEpochMilli() + 48_000;
            while (driver.hasPendingTrigger() && driver.nextTriggerMillis() <= end) {
                driver.runTrigger();
            }
            query.stop();

            assertThat(driver.consoleText()).as(driver.history()).isEqualTo(golden("chapter-console.txt"));
            assertThat(query.status().message()).isEqualTo("Stopped");
            assertThat(query.isActive()).isFalse();
        }
    }

    private static String golden(String name) throws IOException {
        try (InputStream in = ChapterQueryTest.class.getResourceAsStream("/golden/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
