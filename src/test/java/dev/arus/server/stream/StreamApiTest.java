package dev.arus.server.stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.arus.server.ApiClient;
import dev.arus.server.ArusProperties;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * The streams API on the started service over real HTTP: creating, listing, showing and deleting
 * streams, posting events as a JSON array and as NDJSON, refusing bad events whole, and a query
 * reading what was posted.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "arus.demo.enabled=false", "arus.limits.mutating-requests-per-minute=1000000",
        "arus.streams.max-request-size=" + StreamApiTest.MAX_REQUEST_BYTES,
        "arus.data-dir=${java.io.tmpdir}/arus-streams-${random.uuid}"})
class StreamApiTest {

    static final int MAX_REQUEST_BYTES = 65_536;
    private static final String ORDERS = """
            {"name": "orders", "schema": "order_id STRING NOT NULL, category STRING, amount DOUBLE, \
            quantity INT, paid BOOLEAN, event_time TIMESTAMP", "partitions": 2, "keyField": "order_id"}""";
    private static final String NDJSON = "application/x-ndjson";

    @LocalServerPort
    int port;

    @Autowired
    ArusProperties properties;

    private ApiClient api() {
        return new ApiClient(port);
    }

    @AfterEach
    void deleteStreams() {
        ApiClient api = api();
        api.get("/api/queries").json().forEach(query -> api.delete("/api/queries/" + query.path("id").asString()));
        api.get("/api/streams").json().forEach(stream -> api.delete("/api/streams/" + stream.path("name").asString()));
    }

    private static String order(int i) {
        return "{\"order_id\": \"o-" + i + "\", \"category\": \"" + (i % 2 == 0 ? "books" : "games")
                + "\", \"amount\": " + (10 + i) + ".5, \"quantity\": " + (i % 3 + 1) + ", \"paid\": true, "
                + "\"event_time\": \"2026-12-01T10:00:" + String.format("%02d", i % 60) + "Z\"}";
    }

    private static long offsetSum(JsonNode stream) {
        long sum = 0;
        for (JsonNode partition : stream.path("offsets")) {
            sum += partition.path("latest").asLong();
        }
        return sum;
    }

    @Test
    void aStreamIsCreatedListedShownAndDeleted() {
        ApiClient api = api();
        ApiClient.Response created = api.post("/api/streams", ORDERS);
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        assertThat(created.location()).endsWith("/api/streams/orders");
        JsonNode stream = created.json();
        assertThat(stream.path("partitions").asInt()).isEqualTo(2);
        assertThat(stream.path("columns").get(0).path("name").asString()).isEqualTo("order_id");
        assertThat(stream.path("columns").get(0).path("nullable").asBoolean()).isFalse();
        assertThat(stream.path("columns").get(5).path("type").asString()).isEqualTo("timestamp");
        assertThat(stream.path("retention").path("keepUnread").asBoolean()).isTrue();
        assertThat(stream.path("retention").path("maxAge").asString()).as("the default").isEqualTo("7 days");
        assertThat(stream.path("retention").has("maxAgeSeconds")).as("one name both ways").isFalse();
        assertThat(stream.path("retention").path("maxBytes").asLong()).isZero();
        assertThat(offsetSum(stream)).isZero();

        assertThat(api.get("/api/streams").json()).hasSize(1);
        assertThat(api.get("/api/streams/orders").json().path("keyField").asString()).isEqualTo("order_id");
        assertThat(api.get("/api/streams").json().get(0).path("retention").path("maxAge").asString())
                .isEqualTo("7 days");
        assertThat(api.post("/api/streams", ORDERS).json().path("type").asString()).endsWith("/duplicate-stream");

        assertThat(api.delete("/api/streams/orders").status()).isEqualTo(204);
        ApiClient.Response gone = api.get("/api/streams/orders");
        assertThat(gone.status()).isEqualTo(404);
        assertThat(gone.json().path("type").asString()).endsWith("/stream-not-found");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "a bad name | {\"name\": \"a b\", \"schema\": \"x INT\"} | /name | ",
            "no schema | {\"name\": \"s\"} | /schema | ",
            "a schema that does not parse | {\"name\": \"s\", \"schema\": \"x INTEGR\"} | /schema | ",
            "a column type a stream cannot hold | {\"name\": \"s\", \"schema\": \"x ARRAY<INT>\"} | /schema | ",
            "no partitions | {\"name\": \"s\", \"schema\": \"x INT\", \"partitions\": 0} | /partitions | ",
            "an unknown key field | {\"name\": \"s\", \"schema\": \"x INT\", \"keyField\": \"y\"} | /keyField | ",
            "a bad retention age | {\"name\": \"s\", \"schema\": \"x INT\", \"retention\": {\"maxAge\": \"soon\"}} "
                    + "| /retention/maxAge | ",
            "a column twice | {\"name\": \"s\", \"schema\": \"x INT, y STRING, x STRING\"} | /schema "
                    + "| The column `x` already exists",
            "a column twice in another case | {\"name\": \"s\", \"schema\": \"Amount INT, aMOUNT INT\"} | /schema "
                    + "| The column `amount` already exists",
            "a column named with a lone surrogate | {\"name\": \"s\", \"schema\": \"`a\\ud800` INT\"} | /schema "
                    + "| half of a surrogate pair",
            "partitions as a string | {\"name\": \"s\", \"schema\": \"x INT\", \"partitions\": \"2\"} | /partitions "
                    + "| expected a number",
            "partitions as an empty string | {\"name\": \"s\", \"schema\": \"x INT\", \"partitions\": \"\"} "
                    + "| /partitions | expected a number",
            "partitions as a fraction | {\"name\": \"s\", \"schema\": \"x INT\", \"partitions\": 2.5} | /partitions | ",
            "partitions as a boolean | {\"name\": \"s\", \"schema\": \"x INT\", \"partitions\": true} | /partitions | ",
            "partitions beyond an int | {\"name\": \"s\", \"schema\": \"x INT\", \"partitions\": 4294967298} "
                    + "| /partitions | ",
            "a retention size as a string | {\"name\": \"s\", \"schema\": \"x INT\", \"retention\": "
                    + "{\"maxBytes\": \"1024\"}} | /retention/maxBytes | ",
            "keepUnread as a string | {\"name\": \"s\", \"schema\": \"x INT\", \"retention\": "
                    + "{\"keepUnread\": \"false\"}} | /retention/keepUnread | ",
            "a name as a number | {\"name\": 5, \"schema\": \"x INT\"} | /name | ",
            "a field twice | {\"name\": \"s\", \"schema\": \"x INT\", \"name\": \"t\"} | | "
                    + "Duplicate Object property \"name\""})
    void aBadDefinitionIsRefusedPointingAtItsField(String kind, String spec, String pointer, String detail) {
        ApiClient.Response refused = api().post("/api/streams", spec);
        assertThat(refused.status()).as(refused.body()).isEqualTo(400);
        assertThat(refused.json().path("type").asString()).matches(".*/(invalid-stream|invalid-spec|malformed-json)");
        if (pointer != null) {
            assertThat(refused.json().path("pointer").asString()).isEqualTo(pointer);
        } else {
            assertThat(refused.json().path("line").asInt()).isEqualTo(1);
        }
        if (detail != null) {
            assertThat(refused.json().path("detail").asString()).contains(detail);
        }
        assertThat(api().get("/api/streams").json()).isEmpty();
    }

    @ParameterizedTest(name = "{0} reads back as {1}")
    @CsvSource({"7 days, 7 days", "1 week, 7 days", "168 hours, 7 days", "90 minutes, 1 hour 30 minutes",
            "interval 1 day 1 second, 1 day 1 second", "1.25 seconds, 1.25 seconds", "2500 milliseconds, 2.5 seconds"})
    void aRetentionsMaxAgeReadsBackUnderTheNameItWasPostedWith(String posted, String shown) {
        ApiClient api = api();
        ApiClient.Response created = api.post("/api/streams", "{\"name\": \"s\", \"schema\": \"x INT\", "
                + "\"retention\": {\"maxAge\": \"" + posted + "\", \"maxBytes\": 1024}}");
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        JsonNode retention = api.get("/api/streams/s").json().path("retention");
        assertThat(retention.path("maxAge").asString()).isEqualTo(shown);
        assertThat(retention.path("maxBytes").asLong()).isEqualTo(1024);
        assertThat(retention.propertyNames()).as("the names a definition posts").containsExactlyInAnyOrder(
                "maxAge", "maxBytes", "keepUnread");
        api.delete("/api/streams/s");
        // What it reads back as is a maxAge to post again.
        ApiClient.Response again = api.post("/api/streams", "{\"name\": \"s\", \"schema\": \"x INT\", "
                + "\"retention\": {\"maxAge\": \"" + shown + "\"}}");
        assertThat(again.json().path("retention").path("maxAge").asString()).isEqualTo(shown);
    }

    @Test
    void aRetentionAgeInExponentNotationIsRefusedAsSparkRefusesIt() {
        ApiClient.Response refused = api().post("/api/streams", "{\"name\": \"s\", \"schema\": \"x INT\", "
                + "\"retention\": {\"maxAge\": \"1e999999999 days\"}}");
        assertThat(refused.status()).as(refused.body()).isEqualTo(400);
        assertThat(refused.json().path("pointer").asString()).isEqualTo("/retention/maxAge");
        assertThat(refused.json().path("detail").asString()).contains("Invalid value '1e999999999'");
    }

    @Test
    void eventsPostedAsAnArrayOrAsNdjsonAreAnsweredWithTheirOffsets() {
        ApiClient api = api();
        api.post("/api/streams", ORDERS);
        String array = IntStream.range(0, 10).mapToObj(StreamApiTest::order).collect(Collectors.joining(",", "[", "]"));
        ApiClient.Response written = api.post("/api/streams/orders/events", array);
        assertThat(written.status()).as(written.body()).isEqualTo(200);
        assertThat(written.json().path("events").asLong()).isEqualTo(10);
        long counted = 0;
        for (JsonNode partition : written.json().path("partitions")) {
            assertThat(partition.path("firstOffset").asLong()).isZero();
            counted += partition.path("count").asLong();
        }
        assertThat(counted).isEqualTo(10);

        String ndjson = IntStream.range(10, 15).mapToObj(StreamApiTest::order).collect(Collectors.joining("\n"));
        assertThat(api.post("/api/streams/orders/events", ndjson, NDJSON).json().path("events").asLong()).isEqualTo(5);
        JsonNode stream = api.get("/api/streams/orders").json();
        assertThat(offsetSum(stream)).isEqualTo(15);
        assertThat(stream.path("eventsIn").asLong()).isEqualTo(15);
        assertThat(stream.path("sizeBytes").asLong()).isPositive();
        assertThat(api.post("/api/streams/orders/events", "[]").json().path("events").asLong()).isZero();
        assertThat(api.post("/api/streams/nope/events", array).status()).isEqualTo(404);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
            "a missing required field | {\"category\": \"books\"} | order_id | is missing, but column order_id is NOT NULL",
            "a required field that is null | {\"order_id\": null} | order_id | is null",
            "a wrong type | {\"order_id\": \"x\", \"amount\": \"12\"} | amount | is a string, but column amount is DOUBLE",
            "a field not in the schema | {\"order_id\": \"x\", \"colour\": \"red\"} | colour | is not a column",
            "a field in another case | {\"order_id\": \"x\", \"Amount\": 1} | Amount | did you mean 'amount'",
            "an int out of range | {\"order_id\": \"x\", \"quantity\": 3000000000} | quantity | out of the range of INT",
            "an unparsable timestamp | {\"order_id\": \"x\", \"event_time\": \"yesterday\"} | event_time "
                    + "| 'yesterday' is not a timestamp",
            "a timestamp out of range | {\"order_id\": \"x\", \"event_time\": 1e14} | event_time | out of the range",
            "a double out of range | {\"order_id\": \"x\", \"amount\": -1e309} | amount | out of the range of DOUBLE",
            "a lone high surrogate | {\"order_id\": \"x\", \"category\": \"a\\ud800\"} | category "
                    + "| holds \\ud800, half of a surrogate pair",
            "a lone low surrogate | {\"order_id\": \"x\", \"category\": \"\\udc00b\"} | category "
                    + "| holds \\udc00, half of a surrogate pair",
            "a surrogate pair reversed | {\"order_id\": \"\\ude00\\ud83d\"} | order_id | half of a surrogate pair",
            "a timestamp with a lone surrogate | {\"order_id\": \"x\", \"event_time\": \"\\ud800\"} | event_time "
                    + "| '\\ud800' is not a timestamp",
            "a field named with a lone surrogate | {\"order_id\": \"x\", \"\\ud800\": 1} | \\ud800 "
                    + "| field '\\ud800', is not a column",
            "a nested value where a string goes | {\"order_id\": {\"id\": [[[1]]]}} | order_id | is an object",
            "not an object | 7 | | is not a JSON object"})
    void aBadEventRefusesTheWholeRequestNamingItsIndexAndField(String kind, String bad, String field, String detail) {
        ApiClient api = api();
        api.post("/api/streams", ORDERS);
        api.post("/api/streams/orders/events", "[" + order(0) + "]");
        JsonNode before = api.get("/api/streams/orders").json();

        ApiClient.Response refused = api.post("/api/streams/orders/events", "[" + order(1) + "," + order(2) + "," + bad
                + "," + order(3) + "]");
        assertThat(refused.status()).as(refused.body()).isEqualTo(400);
        JsonNode problem = refused.json();
        assertThat(problem.path("type").asString()).endsWith("/invalid-events");
        assertThat(problem.path("index").asInt()).isEqualTo(2);
        assertThat(problem.path("detail").asString()).contains(detail).contains("Nothing of the request was written");
        if (field != null) {
            assertThat(problem.path("field").asString()).isEqualTo(field);
            assertThat(problem.path("pointer").asString()).isEqualTo("/2/" + field);
        }
        assertThat(api.get("/api/streams/orders").json().path("offsets")).isEqualTo(before.path("offsets"));

        ApiClient.Response ndjson = api.post("/api/streams/orders/events", order(1) + "\n" + bad + "\n", NDJSON);
        assertThat(ndjson.json().path("line").asInt()).isEqualTo(2);
        assertThat(api.get("/api/streams/orders").json().path("offsets")).isEqualTo(before.path("offsets"));
    }

    @Test
    void bodiesThatAreNotUtf8OrTooLargeOrNotJsonAreRefusedAndNothingIsWritten() {
        ApiClient api = api();
        api.post("/api/streams", ORDERS);
        byte[] overlong = ("[{\"order_id\": \"a" + "\u0000" + "\"}]").getBytes(StandardCharsets.UTF_8);
        int nul = new String(overlong, StandardCharsets.UTF_8).indexOf('\u0000');
        byte[] invalid = new byte[overlong.length + 1];
        System.arraycopy(overlong, 0, invalid, 0, nul);
        invalid[nul] = (byte) 0xC0;
        invalid[nul + 1] = (byte) 0xAF;
        System.arraycopy(overlong, nul + 1, invalid, nul + 2, overlong.length - nul - 1);
        ApiClient.Response notUtf8 = api.post("/api/streams/orders/events", invalid, "application/json");
        assertThat(notUtf8.status()).isEqualTo(400);
        assertThat(notUtf8.json().path("type").asString()).endsWith("/malformed-json");

        String big = IntStream.range(0, 1000).mapToObj(StreamApiTest::order).collect(Collectors.joining(",", "[", "]"));
        assertThat(big.length()).isGreaterThan(MAX_REQUEST_BYTES);
        ApiClient.Response tooLarge = api.post("/api/streams/orders/events", big);
        assertThat(tooLarge.status()).isEqualTo(413);
        assertThat(tooLarge.json().path("type").asString()).endsWith("/request-too-large");

        ApiClient.Response truncated = api.post("/api/streams/orders/events", "[" + order(1) + ", {\"order_id\"");
        assertThat(truncated.status()).isEqualTo(400);
        assertThat(truncated.json().path("type").asString()).endsWith("/malformed-json");
        ApiClient.Response duplicateKey = api.post("/api/streams/orders/events",
                "[{\"order_id\": \"a\", \"order_id\": \"b\"}]");
        assertThat(duplicateKey.json().path("type").asString()).endsWith("/invalid-events");
        assertThat(duplicateKey.json().path("detail").asString()).contains("field 'order_id', is given twice");
        assertThat(offsetSum(api.get("/api/streams/orders").json())).isZero();
    }

    /** Posts {@code body} to the stream orders, which must refuse it with {@code status} and write nothing. */
    private JsonNode refused(String body, String contentType, int status) {
        return refused(body.getBytes(StandardCharsets.UTF_8), contentType, status);
    }

    private JsonNode refused(byte[] body, String contentType, int status) {
        ApiClient api = api();
        JsonNode before = api.get("/api/streams/orders").json().path("offsets");
        ApiClient.Response refused = api.post("/api/streams/orders/events", body, contentType);
        assertThat(refused.status()).as(refused.body()).isEqualTo(status);
        assertThat(refused.contentType()).startsWith("application/problem+json");
        assertThat(api.get("/api/streams/orders").json().path("offsets")).isEqualTo(before);
        return refused.json();
    }

    static Stream<Arguments> valuesBeyondTheJsonReadersLimits() {
        return Stream.of(
                Arguments.of("a number of 1001 digits", "{\"order_id\": \"x\", \"amount\": " + "9".repeat(1001) + "}",
                        "amount", "Number value length (1001) exceeds the maximum allowed (1000"),
                Arguments.of("a number of 1001 digits where a string goes", "{\"order_id\": \"x\", \"category\": -"
                        + "1".repeat(1001) + "}", "category", "exceeds the maximum allowed (1000"),
                Arguments.of("a field name of 50001 characters", "{\"order_id\": \"x\", \"" + "f".repeat(50_001)
                        + "\": 1}", null, "Name length (50001) exceeds the maximum allowed (50000"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource
    void valuesBeyondTheJsonReadersLimits(String kind, String bad, String field, String detail) {
        api().post("/api/streams", ORDERS);
        String array = "[" + order(1) + ",\n" + order(2) + ",\n" + bad + "]";
        JsonNode problem = refused(array, "application/json", 400);
        assertThat(problem.path("type").asString()).endsWith("/json-limit-exceeded");
        assertThat(problem.path("index").asInt()).isEqualTo(2);
        assertThat(problem.path("line").asInt()).isEqualTo(3);
        assertThat(problem.path("detail").asString()).startsWith("Event 2").contains(detail)
                .contains("Nothing of the request was written");
        if (field != null) {
            assertThat(problem.path("field").asString()).isEqualTo(field);
            assertThat(problem.path("pointer").asString()).isEqualTo("/2/" + field);
        }
        JsonNode ndjson = refused(order(1) + "\n" + bad + "\n", NDJSON, 400);
        assertThat(ndjson.path("type").asString()).endsWith("/json-limit-exceeded");
        assertThat(ndjson.path("index").asInt()).isEqualTo(1);
        assertThat(ndjson.path("line").asInt()).isEqualTo(2);
    }

    @Test
    void aValueNestedBeyondTheReadersDepthIsRefusedAsSoonAsItOpens() {
        api().post("/api/streams", ORDERS);
        String deep = "[".repeat(30_000) + "]".repeat(30_000);
        JsonNode inAField = refused("[{\"order_id\": \"x\", \"category\": " + deep + "}]", "application/json", 400);
        assertThat(inAField.path("type").asString()).endsWith("/invalid-events");
        assertThat(inAField.path("pointer").asString()).isEqualTo("/0/category");
        JsonNode asAnEvent = refused(deep, NDJSON, 400);
        assertThat(asAnEvent.path("detail").asString()).contains("Event 0 is not a JSON object but an array");
    }

    @Test
    void ndjsonHoldsOneEventPerLine() {
        ApiClient api = api();
        api.post("/api/streams", ORDERS);
        JsonNode twoOnALine = refused(order(1) + "\n" + order(2) + " " + order(3) + "\n", NDJSON, 400);
        assertThat(twoOnALine.path("type").asString()).endsWith("/malformed-json");
        assertThat(twoOnALine.path("index").asInt()).isEqualTo(2);
        assertThat(twoOnALine.path("line").asInt()).isEqualTo(2);
        assertThat(twoOnALine.path("detail").asString()).contains("Event 2 begins on line 2, where event 1 ends");

        JsonNode acrossLines = refused(order(1) + "\n{\"order_id\":\n\"o-2\"}\n", NDJSON, 400);
        assertThat(acrossLines.path("type").asString()).endsWith("/malformed-json");
        assertThat(acrossLines.path("index").asInt()).isEqualTo(1);
        assertThat(acrossLines.path("line").asInt()).isEqualTo(2);
        assertThat(acrossLines.path("detail").asString()).contains("Event 1 spans lines 2 to 3");

        ApiClient.Response blankLinesAndCrLf = api.post("/api/streams/orders/events",
                "\n" + order(1) + "\r\n\r\n   \n" + order(2) + "\r\n" + order(3), NDJSON);
        assertThat(blankLinesAndCrLf.status()).as(blankLinesAndCrLf.body()).isEqualTo(200);
        assertThat(blankLinesAndCrLf.json().path("events").asInt()).isEqualTo(3);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
            "an empty array body | `` | application/json | The body is empty",
            "an empty NDJSON body | `` | application/x-ndjson | The body is empty",
            "a blank NDJSON body | ` \n \n` | application/x-ndjson | The body is empty",
            "text after the array | [{\"order_id\": \"a\"}] x | application/json | Unrecognized token 'x'",
            "a second array | [{\"order_id\": \"a\"}] [] | application/json | there is more after the array",
            "NaN | [{\"order_id\": \"a\", \"amount\": NaN}] | application/json | Non-standard token 'NaN'",
            "Infinity | {\"order_id\": \"a\", \"amount\": Infinity} | application/x-ndjson | 'Infinity'",
            "minus Infinity | [{\"order_id\": \"a\", \"amount\": -Infinity}] | application/json | Infinity'",
            "a single-quoted string | [{\"order_id\": 'a'}] | application/json | Unexpected character"})
    void bodiesThatAreNotJsonAreRefusedSayingWhere(String kind, String body, String contentType, String detail) {
        api().post("/api/streams", ORDERS);
        JsonNode problem = refused(body.replace("\\n", "\n"), contentType, 400);
        assertThat(problem.path("type").asString()).endsWith("/malformed-json");
        assertThat(problem.path("detail").asString()).contains(detail).contains("Nothing of the request was written");
        if (!body.isBlank()) {
            assertThat(problem.path("line").asInt()).isEqualTo(1);
            assertThat(problem.path("column").asInt()).isPositive();
        }
    }

    @Test
    void aNonNumericLiteralNamesItsEventAndField() {
        api().post("/api/streams", ORDERS);
        JsonNode problem = refused("[" + order(1) + ", {\"order_id\": \"a\", \"amount\": NaN}]", "application/json",
                400);
        assertThat(problem.path("index").asInt()).isEqualTo(1);
        assertThat(problem.path("field").asString()).isEqualTo("amount");
        assertThat(problem.path("detail").asString()).startsWith("Event 1, field 'amount': malformed JSON at line 1");
    }

    @Test
    void aByteOrderMarkIsIgnoredAtTheStartOfTheBodyAndRefusedAnywhereElse() {
        ApiClient api = api();
        api.post("/api/streams", ORDERS);
        ApiClient.Response bom = api.post("/api/streams/orders/events", "\uFEFF[" + order(1) + "]");
        assertThat(bom.status()).as(bom.body()).isEqualTo(200);
        ApiClient.Response bomNdjson = api.post("/api/streams/orders/events", "\uFEFF" + order(2), NDJSON);
        assertThat(bomNdjson.status()).as(bomNdjson.body()).isEqualTo(200);

        JsonNode secondLine = refused(order(3) + "\n\uFEFF" + order(4) + "\n", NDJSON, 400);
        assertThat(secondLine.path("type").asString()).endsWith("/malformed-json");
        assertThat(secondLine.path("line").asInt()).isEqualTo(2);
        assertThat(secondLine.path("column").asInt()).isEqualTo(1);
    }

    @Test
    void aBodyInAnotherEncodingThanUtf8IsRefused() {
        api().post("/api/streams", ORDERS);
        // UTF-16 without a byte order mark: every other byte is 0, which is well-formed UTF-8 (NUL).
        byte[] utf16 = ("[" + order(1) + "]").getBytes(StandardCharsets.UTF_16BE);
        JsonNode undeclared = refused(utf16, "application/json", 400);
        assertThat(undeclared.path("type").asString()).endsWith("/malformed-json");
        assertThat(undeclared.path("line").asInt()).isEqualTo(1);
        assertThat(undeclared.path("column").asInt()).isEqualTo(1);

        JsonNode declared = refused(utf16, "application/json; charset=UTF-16BE", 415);
        assertThat(declared.path("type").asString()).endsWith("/unsupported-media-type");
        assertThat(declared.path("detail").asString()).contains("UTF-16BE").contains("UTF-8");
        ApiClient.Response utf8 = api().post("/api/streams/orders/events",
                ("[" + order(1) + "]").getBytes(StandardCharsets.UTF_8), "application/json; charset=utf-8");
        assertThat(utf8.status()).as(utf8.body()).isEqualTo(200);
    }

    @Test
    void aDecimalsExponentIsCheckedAgainstItsPrecisionBeforeItIsScaled() {
        ApiClient api = api();
        api.post("/api/streams", "{\"name\": \"prices\", \"schema\": \"price DECIMAL(5,2)\"}");
        ApiClient.Response huge = api.post("/api/streams/prices/events", "[{\"price\": 1e999999999}]");
        assertThat(huge.status()).as(huge.body()).isEqualTo(400);
        assertThat(huge.json().path("detail").asString()).contains("out of the range of DECIMAL(5,2)");
        ApiClient.Response tiny = api.post("/api/streams/prices/events",
                "[{\"price\": 1e-999999999}, {\"price\": -0.004}, {\"price\": 999.99}]");
        assertThat(tiny.status()).as(tiny.body()).isEqualTo(200);
        assertThat(tiny.json().path("events").asInt()).isEqualTo(3);
    }

    @Test
    void escapedSurrogatePairsAreStoredAsTheCharacterTheyMake() {
        ApiClient api = api();
        api.post("/api/streams", ORDERS);
        ApiClient.Response written = api.post("/api/streams/orders/events",
                "[{\"order_id\": \"\\ud83d\\ude00\", \"category\": \"caf\u00e9 \\u00e9\"}]");
        assertThat(written.status()).as(written.body()).isEqualTo(200);
        String id = api.create("""
                {"name": "emoji", "source": {"format": "stream", "options": {"stream": "orders",
                 "startingOffsets": "earliest"}}, "steps": [{"select": ["order_id", "category"]}],
                 "trigger": {"availableNow": true}, "sink": {"format": "memory"}}""");
        await().atMost(Duration.ofSeconds(30)).until(() ->
                api.get("/api/queries/" + id + "/table").json().path("numRows").asInt() == 1);
        JsonNode row = api.get("/api/queries/" + id + "/table").json().path("rows").get(0);
        assertThat(row.path("order_id").asString()).isEqualTo("\uD83D\uDE00");
        assertThat(row.path("category").asString()).isEqualTo("caf\u00e9 \u00e9");
    }

    @Test
    void aQueryWritingHalfASurrogatePairIntoAStreamFailsItsBatchWholeWhereAWholePairGoesIn() throws IOException {
        ApiClient api = api();
        api.post("/api/streams", "{\"name\": \"labels\", \"schema\": \"label STRING, n INT\"}");
        Path in = Files.createDirectories(properties.dataDir().resolve("labels-in"));
        Files.writeString(in.resolve(".a.json"), """
                {"label": "ok", "n": 1}
                {"label": "half \\ud800 of a pair", "n": 2}
                """);
        Files.move(in.resolve(".a.json"), in.resolve("a.json"), StandardCopyOption.ATOMIC_MOVE);
        String halves = api.create(labelsInto("halves", "labels-in"));

        await().atMost(Duration.ofSeconds(30)).until(() -> api.query(halves).path("state").asString().equals("FAILED"));
        JsonNode failure = api.query(halves).path("exception");
        assertThat(failure.path("errorClass").asString()).isEqualTo("STREAM_SINK_INVALID_STRING");
        assertThat(failure.path("message").asString()).contains("'label'").contains("\\ud800")
                .contains("stream 'labels'");
        assertThat(offsetSum(api.get("/api/streams/labels").json())).as("events stored of the failed batch")
                .isZero();

        Path pairs = Files.createDirectories(properties.dataDir().resolve("pairs-in"));
        Files.writeString(pairs.resolve(".a.json"), "{\"label\": \"a whole \\ud83d\\ude00\", \"n\": 3}\n");
        Files.move(pairs.resolve(".a.json"), pairs.resolve("a.json"), StandardCopyOption.ATOMIC_MOVE);
        String whole = api.create(labelsInto("wholes", "pairs-in"));
        await().atMost(Duration.ofSeconds(30)).until(() -> offsetSum(api.get("/api/streams/labels").json()) == 1);
        assertThat(api.query(whole).path("exception").isMissingNode()).isTrue();
        String read = api.create("""
                {"name": "labels-read", "source": {"format": "stream", "options": {"stream": "labels",
                 "startingOffsets": "earliest"}}, "trigger": {"availableNow": true}, "sink": {"format": "memory"}}""");
        await().atMost(Duration.ofSeconds(30)).until(() ->
                api.get("/api/queries/" + read + "/table").json().path("numRows").asInt() == 1);
        assertThat(api.get("/api/queries/" + read + "/table").json().path("rows").get(0).path("label").asString())
                .isEqualTo("a whole \uD83D\uDE00");
    }

    private static String labelsInto(String name, String path) {
        return """
                {"name": "%s", "source": {"format": "json", "schema": "label STRING, n INT", "options": {"path": "%s"}},
                 "trigger": {"availableNow": true}, "sink": {"format": "stream", "options": {"stream": "labels"}}}"""
                .formatted(name, path);
    }

    @Test
    void aQueryReadsWhatWasPostedNeverAPartialRequestAndTheStreamCannotBeDeletedUnderIt() {
        ApiClient api = api();
        api.post("/api/streams", ORDERS);
        String id = api.create("""
                {"name": "all-orders", "source": {"format": "stream", "options": {"stream": "orders",
                 "startingOffsets": "earliest"}}, "trigger": {"processingTime": "50 milliseconds"},
                 "sink": {"format": "memory"}}""");
        for (int request = 0; request < 20; request++) {
            int first = request * 10;
            String events = IntStream.range(first, first + 10).mapToObj(StreamApiTest::order)
                    .collect(Collectors.joining(",", "[", "]"));
            assertThat(api.post("/api/streams/orders/events", events).status()).isEqualTo(200);
            String bad = "[" + order(first + 100_000) + ", {\"order_id\": 5}]";
            assertThat(api.post("/api/streams/orders/events", bad).status()).isEqualTo(400);
        }
        await().atMost(Duration.ofSeconds(30)).until(() ->
                api.get("/api/queries/" + id + "/table?limit=1").json().path("numRows").asInt() == 200);
        JsonNode reader = api.get("/api/streams/orders").json().path("readers").get(0);
        assertThat(reader.path("query").asString()).isEqualTo("all-orders");
        await().atMost(Duration.ofSeconds(30)).until(() ->
                api.get("/api/streams/orders").json().path("readers").get(0).path("lagEvents").asLong() == 0);

        ApiClient.Response inUse = api.delete("/api/streams/orders");
        assertThat(inUse.status()).isEqualTo(409);
        assertThat(inUse.json().path("type").asString()).endsWith("/stream-in-use");
        assertThat(inUse.json().path("detail").asString()).contains("all-orders");
        api.post("/api/queries/" + id + "/stop");
        assertThat(api.delete("/api/streams/orders").status()).isEqualTo(204);
    }
}
