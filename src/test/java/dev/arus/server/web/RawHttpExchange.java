package dev.arus.server.web;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * One HTTP/1.1 request written byte for byte on a plain socket, as no HTTP client would send it
 * (an illegal request line, a header without a colon), and the response read up to the end of
 * the connection: status, headers (names in lower case) and the body, de-chunked.
 */
record RawHttpExchange(int status, Map<String, String> headers, String body) {

    private static final int READ_TIMEOUT_MILLIS = 10_000;

    static RawHttpExchange send(int port, byte[] request) throws IOException {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("localhost", port), 5_000);
            socket.setSoTimeout(READ_TIMEOUT_MILLIS);
            socket.getOutputStream().write(request);
            socket.getOutputStream().flush();
            return parse(readToEnd(socket.getInputStream()));
        }
    }

    private static byte[] readToEnd(InputStream in) throws IOException {
        ByteArrayOutputStream response = new ByteArrayOutputStream();
        byte[] buffer = new byte[8192];
        try {
            for (int read; (read = in.read(buffer)) >= 0; ) {
                response.write(buffer, 0, read);
            }
        } catch (SocketTimeoutException stillOpen) {
            throw new AssertionError("the server neither answered nor closed the connection: "
                    + response.toString(StandardCharsets.ISO_8859_1), stillOpen);
        } catch (IOException reset) {
            // the server closed after its answer without reading the rest of the request
        }
        return response.toByteArray();
    }

    private static RawHttpExchange parse(byte[] response) {
        String head = new String(response, StandardCharsets.ISO_8859_1);
        int end = head.indexOf("\r\n\r\n");
        if (end < 0) {
            throw new AssertionError("no complete response: " + head);
        }
        String[] lines = head.substring(0, end).split("\r\n");
        Map<String, String> headers = new LinkedHashMap<>();
        for (int i = 1; i < lines.length; i++) {
            int colon = lines[i].indexOf(':');
            headers.put(lines[i].substring(0, colon).trim().toLowerCase(Locale.ROOT), lines[i].substring(colon + 1).trim());
        }
        byte[] body = Arrays.copyOfRange(response, end + 4, response.length);
        if ("chunked".equalsIgnoreCase(headers.get("transfer-encoding"))) {
            body = dechunk(body);
        }
        return new RawHttpExchange(Integer.parseInt(lines[0].split(" ")[1]), headers,
                new String(body, StandardCharsets.UTF_8));
    }

    private static byte[] dechunk(byte[] chunked) {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        String text = new String(chunked, StandardCharsets.ISO_8859_1); // one char per byte: indexes agree
        int at = 0;
        while (true) {
            int lineEnd = text.indexOf("\r\n", at);
            int size = Integer.parseInt(text.substring(at, lineEnd).trim(), 16);
            if (size == 0) {
                return body.toByteArray();
            }
            body.write(chunked, lineEnd + 2, size);
            at = lineEnd + 2 + size + 2;
        }
    }
}
