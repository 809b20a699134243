package dev.arus.server.live;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A WebSocket client on a plain socket with a tiny receive buffer, which reads only when asked:
 * between two reads it is a client that has stopped reading, and the server's sends back up
 * within a few kilobytes.
 */
final class RawWebSocketClient implements AutoCloseable {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final int RECEIVE_BUFFER_BYTES = 4096;

    private final Socket socket = new Socket();
    private final DataInputStream in;

    RawWebSocketClient(int port, String queryId) throws IOException {
        socket.setReceiveBufferSize(RECEIVE_BUFFER_BYTES);
        socket.connect(new InetSocketAddress("localhost", port), 5_000);
        socket.setSoTimeout((int) LiveClient.DEADLINE.toMillis());
        in = new DataInputStream(socket.getInputStream());
        OutputStream out = socket.getOutputStream();
        out.write(("GET /ws/queries/" + queryId + " HTTP/1.1\r\nHost: localhost:" + port
                + "\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                + "Sec-WebSocket-Version: 13\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
        out.flush();
        assertThat(responseHead()).startsWith("HTTP/1.1 101");
    }

    /**
     * The next text message, reassembled from its frames; {@code null} once the server closed.
     * Bytes that are not UTF-8 throw {@link java.nio.charset.CharacterCodingException}, as a
     * client must fail such a connection.
     */
    JsonNode next() throws IOException {
        ByteArrayOutputStream message = new ByteArrayOutputStream();
        while (true) {
            int head = in.readUnsignedByte();
            int opcode = head & 0x0F;
            byte[] payload = payload();
            if (opcode == 0x8) {
                return null;
            }
            message.write(payload);
            if ((head & 0x80) != 0) {
                return JSON.readTree(StandardCharsets.UTF_8.newDecoder()
                        .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT)
                        .decode(ByteBuffer.wrap(message.toByteArray())).toString());
            }
        }
    }

    /** Reads and discards until the server ends the connection; false when it is still open at the deadline. */
    boolean readsToEndWithin(Duration deadline) throws IOException {
        socket.setSoTimeout((int) deadline.toMillis());
        try {
            while (in.read(new byte[8192]) >= 0) {
                // discard
            }
            return true;
        } catch (SocketTimeoutException stillOpen) {
            return false;
        } catch (IOException reset) {
            return true;
        }
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }

    private byte[] payload() throws IOException {
        int second = in.readUnsignedByte();
        long length = second & 0x7F;
        if (length == 126) {
            length = in.readUnsignedShort();
        } else if (length == 127) {
            length = in.readLong();
        }
        byte[] payload = new byte[Math.toIntExact(length)];
        in.readFully(payload);
        return payload;
    }

    private String responseHead() throws IOException {
        StringBuilder head = new StringBuilder();
        while (!head.toString().endsWith("\r\n\r\n")) {
            int next = in.read();
            if (next < 0) {
                throw new EOFException("closed during the handshake: " + head);
            }
            head.append((char) next);
        }
        return head.toString();
    }
}
