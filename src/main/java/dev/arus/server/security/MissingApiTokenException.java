package dev.arus.server.security;

/**
 * The service was asked to listen on an address other than loopback without an API token, and
 * refuses to start: anyone who reaches the address could start work on it. {@link
 * MissingApiTokenFailureAnalyzer} tells the user what to do.
 */
final class MissingApiTokenException extends IllegalStateException {

    private final String address;

    MissingApiTokenException(String address) {
        super("Refusing to listen on " + address + " without an API token: anyone who reaches it could start "
                + "work on this service. Set arus.security.api-token (ARUS_SECURITY_API_TOKEN), or listen on "
                + "127.0.0.1, or accept the risk with arus.security.allow-anonymous=true");
        this.address = address;
    }

    /** The {@code server.address} the service was asked to listen on. */
    String address() {
        return address;
    }
}
