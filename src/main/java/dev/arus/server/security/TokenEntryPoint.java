package dev.arus.server.security;

import dev.arus.server.ProblemWriter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Map;
import org.springframework.http.HttpHeaders;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.web.AuthenticationEntryPoint;

/**
 * Answers a request that needs the token and did not present the right one: {@code 401} with
 * {@code WWW-Authenticate: Bearer} (RFC 6750; {@code error="invalid_token"} when a token was
 * presented but is wrong) and a problem body saying what to send.
 */
final class TokenEntryPoint implements AuthenticationEntryPoint {

    @Override
    public void commence(HttpServletRequest request, HttpServletResponse response, AuthenticationException failure)
            throws IOException {
        boolean presented = failure instanceof org.springframework.security.authentication.BadCredentialsException;
        response.setHeader(HttpHeaders.WWW_AUTHENTICATE,
                presented ? "Bearer realm=\"arus\", error=\"invalid_token\"" : "Bearer realm=\"arus\"");
        ProblemWriter.write(response, HttpServletResponse.SC_UNAUTHORIZED, "unauthorized", "Unauthorized",
                presented ? "The bearer token is not valid"
                        : "This request needs the service's API token: send Authorization: Bearer <token>",
                request.getRequestURI(), Map.of());
    }
}
