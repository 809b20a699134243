package dev.arus.server.web;

import dev.arus.server.ProblemWriter;
import java.io.IOException;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ErrorReportValve;
import org.apache.coyote.ActionCode;

/**
 * Tomcat's error report, the last word on a response with an error status and no body: a
 * problem document instead of Tomcat's HTML page. It answers the errors Tomcat finds before any
 * servlet runs (a request line or header it cannot parse, a path it cannot decode or normalise,
 * an HTTP version it does not speak), and, unlike the valve it replaces, also an error status
 * that a servlet set without a body (a refused WebSocket handshake, an Actuator endpoint's 404).
 * A response that has a body, or is already committed, is left as it is.
 */
public final class ProblemReportValve extends ErrorReportValve {

    @Override
    protected void report(Request request, Response response, Throwable throwable) {
        int status = response.getStatus();
        boolean firstReport = !response.isError() || response.setErrorReported();
        if (status < 400 || response.getContentWritten() > 0 || !firstReport) {
            return;
        }
        AtomicBoolean ioAllowed = new AtomicBoolean(false);
        response.getCoyoteResponse().action(ActionCode.IS_IO_ALLOWED, ioAllowed);
        if (!ioAllowed.get()) {
            return;
        }
        String message = response.getMessage() != null ? response.getMessage()
                : throwable != null ? throwable.getMessage() : null;
        // A request Tomcat could not map to the application may not even have a path.
        String instance = request.getContext() == null ? null : request.getRequestURI();
        try {
            ProblemWriter.writeStatus(response, status, message, instance);
            response.finishResponse();
        } catch (IOException | IllegalStateException connectionGone) {
            // nothing more can be said to this client
        }
    }
}
