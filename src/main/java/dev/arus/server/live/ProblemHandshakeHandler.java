package dev.arus.server.live;

import dev.arus.server.ProblemWriter;
import java.io.IOException;
import org.springframework.http.server.ServerHttpRequest;
import org.springframework.http.server.ServerHttpResponse;
import org.springframework.http.server.ServletServerHttpResponse;
import org.springframework.web.socket.server.support.DefaultHandshakeHandler;

/**
 * Spring's handshake, refusing a request that is not a WebSocket upgrade with a problem document
 * rather than Spring's plain-text sentence, as every other error of the service is.
 */
final class ProblemHandshakeHandler extends DefaultHandshakeHandler {

    @Override
    protected void handleInvalidUpgradeHeader(ServerHttpRequest request, ServerHttpResponse response)
            throws IOException {
        refuse(request, response, "A live view is a WebSocket: the request must say \"Upgrade: websocket\"");
    }

    @Override
    protected void handleInvalidConnectHeader(ServerHttpRequest request, ServerHttpResponse response)
            throws IOException {
        refuse(request, response, "A live view is a WebSocket: the request must say \"Connection: Upgrade\"");
    }

    private static void refuse(ServerHttpRequest request, ServerHttpResponse response, String detail)
            throws IOException {
        ProblemWriter.writeStatus(((ServletServerHttpResponse) response).getServletResponse(), 400, detail,
                request.getURI().getPath());
    }
}
