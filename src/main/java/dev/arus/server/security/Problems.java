package dev.arus.server.security;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.http.MediaType;
import tools.jackson.databind.json.JsonMapper;

/**
 * Writes an RFC 9457 problem from a servlet filter, before any controller (and so before the
 * API's problem handler) is reached, in the same shape as the API's other problems.
 */
final class Problems {

    private static final String BASE = "https://arus.dev/problems/";
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private Problems() {
    }

    static void write(HttpServletRequest request, HttpServletResponse response, int status, String slug, String title,
                      String detail, Map<String, Object> extra) throws IOException {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("type", BASE + slug);
        body.put("title", title);
        body.put("status", status);
        body.put("detail", detail);
        body.put("instance", request.getRequestURI());
        body.putAll(extra);
        response.setStatus(status);
        response.setContentType(MediaType.APPLICATION_PROBLEM_JSON_VALUE);
        response.setCharacterEncoding("UTF-8");
        response.getWriter().write(JSON.writeValueAsString(body));
    }
}
