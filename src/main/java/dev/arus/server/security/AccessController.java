package dev.arus.server.security;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.http.MediaType;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /api/access}: whether this service wants the API token, and whether the request
 * presented it. The dashboard asks before it opens a WebSocket, whose refused handshake a
 * browser cannot see. A wrong token is answered 401 before this runs.
 */
@RestController
@Tag(name = "access", description = "Whether changes need the API token")
class AccessController {

    private final ApiSecurityProperties security;

    AccessController(ApiSecurityProperties security) {
        this.security = security;
    }

    @GetMapping(path = "/api/access", produces = MediaType.APPLICATION_JSON_VALUE)
    @Operation(summary = "Whether changes and the live feed need the API token, and whether this request has it")
    Access access() {
        Authentication authentication = SecurityContextHolder.getContext().getAuthentication();
        return new Access(security.tokenRequired(), authentication instanceof ApiToken.Verified);
    }

    /** @param tokenRequired whether changes and the WebSocket need a bearer token; @param authenticated whether this request presented it */
    record Access(boolean tokenRequired, boolean authenticated) {
    }
}
