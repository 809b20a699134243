package dev.arus.server.stream;

import static dev.arus.server.web.ProblemType.DUPLICATE_STREAM;
import static dev.arus.server.web.ProblemType.EVENT_LOG_WRITE_FAILED;
import static dev.arus.server.web.ProblemType.INVALID_EVENTS;
import static dev.arus.server.web.ProblemType.INVALID_SPEC;
import static dev.arus.server.web.ProblemType.INVALID_STREAM;
import static dev.arus.server.web.ProblemType.JSON_LIMIT_EXCEEDED;
import static dev.arus.server.web.ProblemType.MALFORMED_JSON;
import static dev.arus.server.web.ProblemType.REQUEST_TOO_LARGE;
import static dev.arus.server.web.ProblemType.SHUTTING_DOWN;
import static dev.arus.server.web.ProblemType.STREAM_DAMAGED;
import static dev.arus.server.web.ProblemType.STREAM_IN_USE;
import static dev.arus.server.web.ProblemType.STREAM_NOT_FOUND;
import static dev.arus.server.web.ProblemType.UNSUPPORTED_MEDIA_TYPE;

import dev.arus.server.ArusProperties;
import dev.arus.server.PrintableText;
import dev.arus.server.web.ProblemException;
import dev.arus.server.web.ProblemType;
import dev.arus.server.web.Refuses;
import dev.arus.server.web.WellFormedText;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.ExampleObject;
import io.swagger.v3.oas.annotations.parameters.RequestBody;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.CharBuffer;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.support.ServletUriComponentsBuilder;

/** The streams of the embedded event log (DESIGN §9): create, list, show and delete them, and post events. */
@RestController
@RequestMapping(path = "/api/streams", produces = MediaType.APPLICATION_JSON_VALUE)
@Tag(name = "streams", description = "Named, durable streams of events, read by queries with the stream source")
class StreamController {

    static final String NDJSON = "application/x-ndjson";

    private final StreamCatalog catalog;
    private final long maxRequestBytes;

    StreamController(StreamCatalog catalog, ArusProperties properties) {
        this.catalog = catalog;
        this.maxRequestBytes = properties.streams().maxRequestSize().toBytes();
    }

    @PostMapping(consumes = MediaType.APPLICATION_JSON_VALUE)
    @ResponseStatus(HttpStatus.CREATED)
    @Operation(operationId = "createStream", summary = "Create a stream from a DDL schema; its URL in Location")
    @Refuses({MALFORMED_JSON, JSON_LIMIT_EXCEEDED, INVALID_SPEC, INVALID_STREAM, DUPLICATE_STREAM, UNSUPPORTED_MEDIA_TYPE,
            EVENT_LOG_WRITE_FAILED})
    ResponseEntity<StreamView> create(@org.springframework.web.bind.annotation.RequestBody StreamSpec spec) {
        StreamView created = catalog.create(spec);
        URI location = ServletUriComponentsBuilder.fromCurrentRequest().path("/{name}")
                .buildAndExpand(created.name()).toUri();
        return ResponseEntity.created(location).body(created);
    }

    @GetMapping
    @Operation(operationId = "listStreams",
            summary = "Every stream: schema, partitions, offsets, size on disk, ingest rate and readers' lag")
    List<StreamView> list() {
        return catalog.views();
    }

    @GetMapping("/{name}")
    @Operation(operationId = "getStream", summary = "One stream")
    @Refuses(STREAM_NOT_FOUND)
    StreamView get(@PathVariable String name) {
        return catalog.view(name);
    }

    @DeleteMapping("/{name}")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    @Operation(operationId = "deleteStream",
            summary = "Delete a stream and its events; refused (409) while a query reads it")
    @Refuses({STREAM_NOT_FOUND, STREAM_IN_USE, EVENT_LOG_WRITE_FAILED})
    void delete(@PathVariable String name) {
        catalog.delete(name);
    }

    @PostMapping(path = "/{name}/events", consumes = {MediaType.APPLICATION_JSON_VALUE, NDJSON})
    @Operation(operationId = "postEvents",
            summary = "Append events, all or none; answered once they are durable, with the offsets written",
            requestBody = @RequestBody(description = "A JSON array of event objects, or one object per line as "
                    + NDJSON + "; each field a column of the stream", content = {
                    @Content(mediaType = MediaType.APPLICATION_JSON_VALUE, array = @ArraySchema(
                            schema = @io.swagger.v3.oas.annotations.media.Schema(type = "object",
                                    description = "An event: each field a column of the stream")),
                            examples = @ExampleObject(name = "orders", value = "[{\"order_id\": \"o-1\", "
                                    + "\"category\": \"books\", \"amount\": 12.5, \"event_time\": \"2026-12-01T10:00:00Z\"}]")),
                    @Content(mediaType = NDJSON, schema = @io.swagger.v3.oas.annotations.media.Schema(type = "string"))}))
    @Refuses({STREAM_NOT_FOUND, STREAM_DAMAGED, MALFORMED_JSON, JSON_LIMIT_EXCEEDED, INVALID_EVENTS, REQUEST_TOO_LARGE,
            UNSUPPORTED_MEDIA_TYPE, SHUTTING_DOWN, EVENT_LOG_WRITE_FAILED})
    IngestResult events(@Parameter(description = "The stream") @PathVariable String name, HttpServletRequest request)
            throws IOException {
        String contentType = request.getContentType();
        EventDecoder.Layout layout = contentType != null && contentType.toLowerCase(Locale.ROOT).startsWith(NDJSON)
                ? EventDecoder.Layout.NDJSON : EventDecoder.Layout.ARRAY;
        return catalog.ingest(name, body(request), layout);
    }

    /**
     * The whole body's text, refused beyond {@code arus.streams.max-request-size}, when it is not
     * UTF-8, or when its content type names another charset: JSON between systems is UTF-8
     * (RFC 8259), and events are read as nothing else.
     */
    private CharBuffer body(HttpServletRequest request) throws IOException {
        // As sent: the request's own character encoding is UTF-8 whatever the client said (Spring
        // Boot's CharacterEncodingFilter forces it).
        String charset = MediaType.parseMediaType(request.getHeader(HttpHeaders.CONTENT_TYPE)).getParameter("charset");
        if (charset != null && !isUtf8(charset)) {
            throw new ProblemException(ProblemType.UNSUPPORTED_MEDIA_TYPE, "The events are in charset "
                    + PrintableText.escape(charset) + "; send them as UTF-8, with no charset or charset=UTF-8. "
                    + "Nothing was written.");
        }
        if (request.getContentLengthLong() > maxRequestBytes) {
            throw tooLarge();
        }
        byte[] body;
        try (InputStream in = request.getInputStream()) {
            body = in.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, maxRequestBytes + 1));
        }
        if (body.length > maxRequestBytes) {
            throw tooLarge();
        }
        return WellFormedText.decode(body, StandardCharsets.UTF_8);
    }

    private static boolean isUtf8(String charset) {
        try {
            return Charset.forName(charset.replace("\"", "")).equals(StandardCharsets.UTF_8);
        } catch (IllegalArgumentException unknown) {
            return false;
        }
    }

    private ProblemException tooLarge() {
        return new ProblemException(ProblemType.REQUEST_TOO_LARGE, "The events are more than " + maxRequestBytes
                + " bytes (arus.streams.max-request-size): send them in several requests. Nothing was written.",
                Map.of("limit", maxRequestBytes));
    }
}
