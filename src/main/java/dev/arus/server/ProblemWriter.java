package dev.arus.server;

import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import tools.jackson.databind.json.JsonMapper;

/**
 * Writes a problem document (RFC 9457, {@code application/problem+json}) straight onto a servlet
 * response, for the errors answered outside the API's problem handler: by a security filter, by
 * the servlet container's error page, by Tomcat before any servlet runs. The document has the
 * shape of the API's other problems: {@code type} (one of the service's, under
 * {@value #TYPE_BASE}, or left out for {@code about:blank}, a problem that says no more than its
 * status), {@code title}, {@code status}, {@code detail}, {@code instance} when there is one, and
 * the problem's extension members.
 */
public final class ProblemWriter {

    /** Where the service's own problem types live: {@code https://arus.dev/problems/<slug>}. */
    public static final String TYPE_BASE = "https://arus.dev/problems/";

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private ProblemWriter() {
    }

    /** One of the service's own problems; {@code slug} names its type under {@link #TYPE_BASE}. */
    public static void write(HttpServletResponse response, int status, String slug, String title, String detail,
                             String instance, Map<String, Object> extensions) throws IOException {
        Map<String, Object> problem = new LinkedHashMap<>();
        problem.put("type", TYPE_BASE + slug);
        problem.putAll(document(status, title, detail, instance));
        problem.putAll(extensions);
        send(response, status, problem);
    }

    /**
     * A problem of HTTP itself ({@code about:blank}), titled with the status's reason phrase.
     * {@code message} is the detail of a client error; a server error's detail says no more than
     * its status, since its message may show the service's insides.
     */
    public static void writeStatus(HttpServletResponse response, int status, String message, String instance)
            throws IOException {
        HttpStatus known = HttpStatus.resolve(status);
        String title = known == null ? "HTTP " + status : known.getReasonPhrase();
        String detail = status < 500 && message != null && !message.isBlank() ? message
                : status < 500 ? "The request was refused: " + title
                : "The service could not answer the request: " + title;
        send(response, status, document(status, title, detail, instance));
    }

    private static Map<String, Object> document(int status, String title, String detail, String instance) {
        Map<String, Object> document = new LinkedHashMap<>();
        document.put("title", title);
        document.put("status", status);
        document.put("detail", detail);
        if (instance != null) {
            document.put("instance", instance);
        }
        return document;
    }

    private static void send(HttpServletResponse response, int status, Map<String, Object> problem) throws IOException {
        response.setStatus(status);
        response.setContentType(MediaType.APPLICATION_PROBLEM_JSON_VALUE);
        response.setCharacterEncoding("UTF-8");
        response.getWriter().write(JSON.writeValueAsString(problem));
    }
}
