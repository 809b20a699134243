package dev.arus.engine.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.arus.engine.api.ArusSession;
import dev.arus.engine.api.StreamFrame;
import dev.arus.engine.http.WebhookReceiver.Answer;
import dev.arus.engine.streaming.ArusException;
import dev.arus.engine.streaming.InvalidOptionException;
import dev.arus.engine.streaming.StreamingQuery;
import dev.arus.engine.streaming.StreamingQueryException;
import dev.arus.engine.streaming.StreamingQueryProgress;
import dev.arus.engine.streaming.Trigger;
import dev.arus.engine.testing.QueryTestDriver;
import java.io.IOException;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The {@code http} sink against a real HTTP server on loopback that fails on purpose: a batch as
 * one JSON array with the query and batch as its idempotency key, retries with the same key after
 * 500s, silence and resets, a bounded time per batch, no retry of a 4xx, a body template for chat
 * webhooks, and only the hosts the session allows.
 */
class HttpSinkTest {

    private static final Instant START = Instant.parse("2026-12-01T10:00:00Z");

    private WebhookReceiver receiver;
    private final List<QueryTestDriver> drivers = new ArrayList<>();

    @BeforeEach
    void startReceiver() throws IOException {
        receiver = new WebhookReceiver();
    }

    @AfterEach
    void stop() throws IOException {
        drivers.forEach(QueryTestDriver::close);
        receiver.close();
    }

    private QueryTestDriver driver() {
        QueryTestDriver driver = new QueryTestDriver(START, 1, null, Map.of(AllowedHosts.KEY, "127.0.0.1"));
        drivers.add(driver);
        return driver;
    }

    private static StreamFrame categories(ArusSession session) {
        return session.readStream().format("rate-micro-batch").option("rowsPerBatch", 2)
                .option("startTimestamp", START.toEpochMilli()).option("advanceMillisPerBatch", 1000).load()
                .selectExpr("value", "concat('cat \"', CAST(value AS STRING), '\"\\n') AS category",
                        "CAST(value AS DOUBLE) * 2.5 AS revenue");
    }

    @Test
    void postsEachBatchAsOneJsonArrayWithTheQueryAndBatchAsItsIdempotencyKey() {
        QueryTestDriver driver = driver();
        driver.start(categories(driver.session()), w -> w.format("http").option("url", receiver.url("/hook")));
        driver.runBatches(1);
        StreamingQueryProgress second = driver.runTrigger();

        String id = driver.query().id().toString();
        assertThat(receiver.requests()).extracting(WebhookReceiver.Request::idempotencyKey)
                .containsExactly(id + "-0", id + "-1");
        assertThat(receiver.requests().get(1).body()).isEqualTo(
                "[{\"value\":2,\"category\":\"cat \\\"2\\\"\\n\",\"revenue\":5.0},"
                        + "{\"value\":3,\"category\":\"cat \\\"3\\\"\\n\",\"revenue\":7.5}]");
        assertThat(receiver.requests().get(0).headers()).containsEntry("content-type", "application/json");
        assertThat(second.sink().metrics()).containsEntry("rowsWritten", "2").containsEntry("requests", "1")
                .containsEntry("target", receiver.url("/hook")).containsEntry("lastWriteAt", "2026-12-01T10:00:00.000Z");
    }

    @Test
    void retriesAfter500sSilenceAndAResetWithTheSameKeyUntilDelivered() {
        receiver.answering(Answer.SERVER_ERROR, Answer.SILENCE, Answer.RESET);
        QueryTestDriver driver = driver();
        driver.start(categories(driver.session()), w -> w.format("http").option("url", receiver.url("/hook"))
                .option("requestTimeout", "300 milliseconds"));
        StreamingQueryProgress first = driver.runTrigger();

        assertThat(driver.query().exception()).as(driver.history()).isEmpty();
        assertThat(receiver.requests()).hasSize(4).extracting(WebhookReceiver.Request::idempotencyKey)
                .containsOnly(driver.query().id() + "-0");
        assertThat(first.sink().metrics()).containsEntry("requests", "4").containsEntry("rowsWritten", "2");
    }

    @Test
    void aBatchNotDeliveredWithinItsTimeFailsTheQueryWithAClassARestartStrategyRestarts() throws Exception {
        receiver.always(Answer.SERVER_ERROR);
        try (ArusSession session = ArusSession.builder().timeZone(ZoneOffset.UTC)
                .conf(AllowedHosts.KEY, "localhost, 127.0.0.1").build()) {
            StreamingQuery query = categories(session).writeStream().format("http")
                    .option("url", receiver.url("/hook")).option("maxBatchTime", "1 second")
                    .trigger(Trigger.once()).start();

            assertThatThrownBy(query::awaitTermination).isInstanceOfSatisfying(StreamingQueryException.class,
                    failed -> assertThat(((ArusException) failed.getCause()).errorClass())
                            .isEqualTo("HTTP_SINK_UNAVAILABLE"))
                    .hasMessageContaining("did not take the request of " + query.id() + "-0 within the batch's time")
                    .hasMessageContaining("last: answered 500");
        }
        assertThat(receiver.requests().size()).isGreaterThan(2);
    }

    @Test
    void aRefusalOfTheBodyIsNotRetried() {
        receiver.answering(Answer.BAD_REQUEST);
        QueryTestDriver driver = driver();
        driver.start(categories(driver.session()), w -> w.format("http").option("url", receiver.url("/hook")));
        driver.runTrigger();

        assertThat(driver.query().exception()).as(driver.history()).get().satisfies(failed ->
                assertThat(((ArusException) failed.getCause()).errorClass()).isEqualTo("HTTP_SINK_REJECTED"));
        assertThat(receiver.requests()).hasSize(1);
    }

    @Test
    void aTemplatePostsOneBodyPerRowWithItsValuesEscapedInsideJsonStrings() {
        QueryTestDriver driver = driver();
        driver.start(categories(driver.session()), w -> w.format("http").option("url", receiver.url("/chat"))
                .option("template", "{\"text\": \"Revenue of {{category}} is {{ revenue }}\"}"));
        driver.runTrigger();

        String id = driver.query().id().toString();
        assertThat(receiver.requests()).extracting(WebhookReceiver.Request::body).containsExactly(
                "{\"text\": \"Revenue of cat \\\"0\\\"\\n is 0.0\"}", "{\"text\": \"Revenue of cat \\\"1\\\"\\n is 2.5\"}");
        assertThat(receiver.requests()).extracting(WebhookReceiver.Request::idempotencyKey)
                .containsExactly(id + "-0-0", id + "-0-1");
    }

    @Test
    void aPlaceholderNamingNoColumnIsRefused() {
        QueryTestDriver driver = driver();
        assertThatThrownBy(() -> driver.start(categories(driver.session()), w -> w.format("http")
                .option("url", receiver.url("/chat")).option("template", "{\"text\": \"{{ price }}\"}")))
                .isInstanceOfSatisfying(InvalidOptionException.class,
                        refused -> assertThat(refused.option()).isEqualTo("template"))
                .hasMessageContaining("Placeholder {{ price }} names no column");
    }

    @Test
    void aHostTheSessionDoesNotAllowIsRefusedAndNothingIsSent() {
        QueryTestDriver driver = driver();
        assertThatThrownBy(() -> driver.start(categories(driver.session()), w -> w.format("http")
                .option("url", "http://localhost:" + receiver.url("").replaceAll(".*:", "") + "/hook")))
                .isInstanceOfSatisfying(InvalidOptionException.class, refused -> {
                    assertThat(refused.errorClass()).isEqualTo("HTTP_SINK_HOST_NOT_ALLOWED");
                    assertThat(refused.option()).isEqualTo("url");
                })
                .hasMessageContaining("Host 'localhost' is not one the service may post to. Allowed: 127.0.0.1");
        assertThatThrownBy(() -> driver.start(categories(driver.session()), w -> w.format("http")
                .option("url", "file:///etc/passwd")))
                .isInstanceOf(InvalidOptionException.class).hasMessageContaining("absolute http or https URL");
        assertThat(receiver.requests()).isEmpty();
    }
}
