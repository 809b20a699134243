package dev.arus.server.live;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arus.server.ApiClient;
import dev.arus.server.Specs;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * A client that stops halfway, in the handshake or inside a frame, is closed once it has been
 * idle for the configured time (here 1 s), not left holding its connection for ever. The query
 * it watches batches once an hour, so the server has nothing to send it either.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"arus.demo.enabled=false", "arus.data-dir=${java.io.tmpdir}/arus-idle-${random.uuid}",
                "arus.limits.websocket-idle-timeout=1s", "server.tomcat.connection-timeout=1s"})
class WebSocketIdleTimeoutTest {

    /** The timeout, the container's once-a-second check and a margin for a loaded machine. */
    private static final Duration DEADLINE = Duration.ofSeconds(10);
    private static final int CLOSE = 0x8;
    private static final int GOING_AWAY = 1001;

    @LocalServerPort
    int port;

    @Test
    void closesASessionThatSentHalfAFrameHeader() throws Exception {
        ApiClient api = new ApiClient(port);
        String id = api.create(Specs.hourly("watched-by-a-stalled-client"));
        try (Socket socket = connect()) {
            OutputStream out = socket.getOutputStream();
            out.write(handshake(id).getBytes(StandardCharsets.US_ASCII));
            out.flush();
            DataInputStream in = new DataInputStream(socket.getInputStream());
            assertThat(responseHead(in)).startsWith("HTTP/1.1 101");

            out.write(new byte[] {(byte) 0x81, (byte) 0x85}); // a masked text frame of 5 bytes: FIN, opcode, length, and no more
            out.flush();

            assertThat(closeCodeOfNextCloseFrame(in)).isEqualTo(GOING_AWAY);
        } finally {
            deleteQuery(id);
        }
    }

    @Test
    void closesAHandshakeThatStopsHalfway() throws Exception {
        ApiClient api = new ApiClient(port);
        String id = api.create(Specs.hourly("watched-by-a-slow-handshake"));
        try (Socket socket = connect()) {
            String handshake = handshake(id);
            socket.getOutputStream().write(handshake.substring(0, handshake.length() / 2).getBytes(StandardCharsets.US_ASCII));
            socket.getOutputStream().flush();

            assertThat(socket.getInputStream().readAllBytes()).as("what the server sends before it closes").isEmpty();
        } finally {
            deleteQuery(id);
        }
    }

    /**
     * On a client of its own: the creating client's kept-alive connection has idled past the
     * server's 1 s connection timeout by now, and a request sent on it as the server closes it
     * fails with "header parser received no bytes".
     */
    private void deleteQuery(String id) {
        new ApiClient(port).delete("/api/queries/" + id);
    }

    private Socket connect() throws IOException {
        Socket socket = new Socket();
        socket.connect(new InetSocketAddress("localhost", port), 5_000);
        socket.setSoTimeout((int) DEADLINE.toMillis());
        return socket;
    }

    private String handshake(String id) {
        return "GET /ws/queries/" + id + " HTTP/1.1\r\nHost: localhost:" + port + "\r\nUpgrade: websocket\r\n"
                + "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n";
    }

    private static String responseHead(DataInputStream in) throws IOException {
        StringBuilder head = new StringBuilder();
        while (!head.toString().endsWith("\r\n\r\n")) {
            head.append((char) in.readUnsignedByte());
        }
        return head.toString();
    }

    /** Skips the server's messages (the snapshot) up to its close frame, and returns the close code in it. */
    private static int closeCodeOfNextCloseFrame(DataInputStream in) throws IOException {
        while (true) {
            int opcode = in.readUnsignedByte() & 0x0F;
            int length = in.readUnsignedByte() & 0x7F;
            long payload = length == 126 ? in.readUnsignedShort() : length == 127 ? in.readLong() : length;
            if (opcode == CLOSE) {
                return in.readUnsignedShort();
            }
            in.skipNBytes(payload);
        }
    }
}
