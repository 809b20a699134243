package dev.arus.server.query;

import dev.arus.server.web.ProblemException;
import dev.arus.server.web.ProblemType;
import dev.arus.server.web.WellFormedText;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Type;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;
import org.springframework.core.MethodParameter;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpInputMessage;
import org.springframework.http.MediaType;
import org.springframework.http.converter.HttpMessageConverter;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.servlet.mvc.method.annotation.RequestBodyAdviceAdapter;

/**
 * Checks a request body's bytes before they are parsed: at most {@link #MAX_BYTES}, whether or
 * not the client declared its length, and well-formed in the charset the {@code Content-Type}
 * names (UTF-8 when it names none). A query spec is small, and reading no more than the limit
 * keeps a client from making the service buffer or parse an arbitrarily large body; the strict
 * decoding refuses what Jackson's own UTF-8 reader lets through, such as the overlong
 * {@code C0 AF} it reads as {@code /}.
 */
@ControllerAdvice(assignableTypes = {QueryController.class, SqlController.class})
class RawBodyCheck extends RequestBodyAdviceAdapter {

    static final int MAX_BYTES = 64 * 1024;

    @Override
    public boolean supports(MethodParameter parameter, Type targetType,
            Class<? extends HttpMessageConverter<?>> converterType) {
        return true;
    }

    @Override
    public HttpInputMessage beforeBodyRead(HttpInputMessage input, MethodParameter parameter, Type targetType,
            Class<? extends HttpMessageConverter<?>> converterType) throws IOException {
        if (input.getHeaders().getContentLength() > MAX_BYTES) {
            throw tooLarge();
        }
        byte[] body;
        try (InputStream in = input.getBody()) {
            body = in.readNBytes(MAX_BYTES + 1);
        }
        if (body.length > MAX_BYTES) {
            throw tooLarge();
        }
        WellFormedText.require(body, Optional.ofNullable(input.getHeaders().getContentType())
                .map(MediaType::getCharset).orElse(StandardCharsets.UTF_8));
        return new HttpInputMessage() {
            @Override
            public InputStream getBody() {
                return new ByteArrayInputStream(body);
            }

            @Override
            public HttpHeaders getHeaders() {
                return input.getHeaders();
            }
        };
    }

    private static ProblemException tooLarge() {
        return new ProblemException(ProblemType.REQUEST_TOO_LARGE,
                "The request body is larger than " + MAX_BYTES + " bytes (64 KiB)", Map.of("limit", MAX_BYTES));
    }
}
