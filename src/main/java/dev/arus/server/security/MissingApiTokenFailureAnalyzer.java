package dev.arus.server.security;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * A start refused for want of an API token ({@link MissingApiTokenException}) in Spring Boot's
 * failure-analysis form, "APPLICATION FAILED TO START" with what is wrong and what to do, in
 * place of the stack trace of the bean whose creation failed.
 */
class MissingApiTokenFailureAnalyzer extends AbstractFailureAnalyzer<MissingApiTokenException> {

    @Override
    protected FailureAnalysis analyze(Throwable rootFailure, MissingApiTokenException cause) {
        return new FailureAnalysis("Arus was asked to listen on " + cause.address() + " (server.address) without an "
                + "API token: anyone who reaches that address could create, stop and delete queries and post "
                + "events.",
                "Do one of these:\n"
                        + "\t- set arus.security.api-token (ARUS_SECURITY_API_TOKEN) to a secret, for example "
                        + "`openssl rand -hex 24`, and give it to the dashboard when it asks;\n"
                        + "\t- listen on loopback only: remove server.address, or set it to 127.0.0.1;\n"
                        + "\t- accept the risk on a trusted network: arus.security.allow-anonymous=true "
                        + "(ARUS_SECURITY_ALLOW_ANONYMOUS=true).",
                cause);
    }
}
