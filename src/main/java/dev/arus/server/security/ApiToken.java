package dev.arus.server.security;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.List;
import org.springframework.security.authentication.AbstractAuthenticationToken;
import org.springframework.security.authentication.AuthenticationProvider;
import org.springframework.security.authentication.BadCredentialsException;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.authority.SimpleGrantedAuthority;

/**
 * The configured API token and the one check of a presented token against it. Both are hashed
 * with SHA-256 and the digests compared with {@link MessageDigest#isEqual}, which takes the same
 * time wherever they differ, so neither the token's content nor its length leaks through timing.
 * Without a configured token every presented one is rejected.
 */
final class ApiToken implements AuthenticationProvider {

    private final byte[] expectedDigest;

    ApiToken(String configured) {
        this.expectedDigest = configured == null || configured.isBlank() ? null : sha256(configured);
    }

    boolean matches(String presented) {
        return expectedDigest != null && presented != null && MessageDigest.isEqual(expectedDigest, sha256(presented));
    }

    @Override
    public Authentication authenticate(Authentication authentication) {
        Presented presented = (Presented) authentication;
        if (!matches(presented.token)) {
            throw new BadCredentialsException("The bearer token is not valid");
        }
        return new Verified();
    }

    @Override
    public boolean supports(Class<?> authentication) {
        return Presented.class.isAssignableFrom(authentication);
    }

    private static byte[] sha256(String text) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException impossible) {
            throw new IllegalStateException(impossible);
        }
    }

    /** A token as a request presents it, not yet checked. */
    static final class Presented extends AbstractAuthenticationToken {

        private final transient String token;

        Presented(String token) {
            super(List.of());
            this.token = token;
        }

        @Override
        public Object getCredentials() {
            return token;
        }

        @Override
        public Object getPrincipal() {
            return "api-client";
        }
    }

    /** A request that presented the right token: it may change the service. */
    static final class Verified extends AbstractAuthenticationToken {

        Verified() {
            super(List.of(new SimpleGrantedAuthority("ROLE_OPERATOR")));
            setAuthenticated(true);
        }

        @Override
        public Object getCredentials() {
            return "";
        }

        @Override
        public Object getPrincipal() {
            return "api-client";
        }
    }
}
