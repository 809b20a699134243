package dev.arus.server.security;

import jakarta.servlet.http.HttpServletRequest;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Collections;
import org.springframework.http.HttpHeaders;
import org.springframework.security.core.Authentication;
import org.springframework.security.web.authentication.AuthenticationConverter;

/**
 * Finds the token a request presents: {@code Authorization: Bearer <token>} on any request; on a
 * WebSocket handshake ({@code /ws/**}), which a browser cannot give headers, also a subprotocol
 * {@value #PROTOCOL_PREFIX}{@code <token in unpadded base64url>} in {@code Sec-WebSocket-Protocol}
 * or the query parameter {@code access_token}. Returns null when there is none.
 */
final class BearerTokenResolver implements AuthenticationConverter {

    static final String PROTOCOL_PREFIX = "arus.token.";
    private static final String BEARER = "bearer ";

    @Override
    public Authentication convert(HttpServletRequest request) {
        String authorization = request.getHeader(HttpHeaders.AUTHORIZATION);
        if (authorization != null && authorization.regionMatches(true, 0, BEARER, 0, BEARER.length())) {
            return new ApiToken.Presented(authorization.substring(BEARER.length()).trim());
        }
        if (!request.getRequestURI().startsWith(request.getContextPath() + "/ws/")) {
            return null;
        }
        for (String header : Collections.list(request.getHeaders("Sec-WebSocket-Protocol"))) {
            for (String protocol : header.split(",")) {
                String candidate = protocol.trim();
                if (candidate.startsWith(PROTOCOL_PREFIX)) {
                    return new ApiToken.Presented(decode(candidate.substring(PROTOCOL_PREFIX.length())));
                }
            }
        }
        String parameter = request.getParameter("access_token");
        return parameter == null ? null : new ApiToken.Presented(parameter);
    }

    private static String decode(String encoded) {
        try {
            return new String(Base64.getUrlDecoder().decode(encoded), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException notBase64) {
            return encoded; // cannot match: a wrong token
        }
    }
}
