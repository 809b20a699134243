package dev.arus.server.query;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Type;
import java.util.Map;
import org.springframework.core.MethodParameter;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpInputMessage;
import org.springframework.http.converter.HttpMessageConverter;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.servlet.mvc.method.annotation.RequestBodyAdviceAdapter;

/**
 * Refuses a request body over {@link #MAX_BYTES} before it is parsed, whether or not the client
 * declared its length: a query spec is small, and reading no more than the limit keeps a client
 * from making the service buffer or parse an arbitrarily large body.
 */
@ControllerAdvice(assignableTypes = QueryController.class)
class RequestBodyLimit extends RequestBodyAdviceAdapter {

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
