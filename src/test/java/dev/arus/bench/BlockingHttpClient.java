package dev.arus.bench;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * An HTTP/1.1 client over one kept-alive loopback connection that writes each request and reads
 * its answer on the calling thread: no selector or executor thread between the caller and the
 * socket, unlike the JDK's {@code HttpClient}, whose hand-offs cost a latency benchmark about
 * 0.5 ms at the median on a 2-core machine. Answers with a {@code Content-Length} or chunked
 * bodies; a new connection is opened after an answer that closes its own (Tomcat closes a
 * connection after 100 requests, as the JDK's client, which reconnects too, sees). Not thread-safe.
 */
final class BlockingHttpClient implements AutoCloseable {

    /** A response's status and body. */
    record Answer(int status, String body) {
    }

    private final int port;
    private Socket socket;
    private OutputStream out;
    private InputStream in;

    BlockingHttpClient(int port) {
        this.port = port;
    }

    /** POSTs {@code body} to {@code path} as {@code contentType} and reads the whole answer. */
    Answer post(String path, String contentType, String body) throws IOException {
        byte[] content = body.getBytes(StandardCharsets.UTF_8);
        String head = "POST " + path + " HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\nContent-Type: " + contentType
                + "\r\nContent-Length: " + content.length + "\r\n\r\n";
        byte[] headBytes = head.getBytes(StandardCharsets.US_ASCII);
        byte[] request = new byte[headBytes.length + content.length];
        System.arraycopy(headBytes, 0, request, 0, headBytes.length);
        System.arraycopy(content, 0, request, headBytes.length, content.length);
        if (socket == null) {
            socket = new Socket(InetAddress.getLoopbackAddress(), port);
            socket.setTcpNoDelay(true);
            out = socket.getOutputStream();
            in = new BufferedInputStream(socket.getInputStream());
        }
        out.write(request);
        out.flush();
        return read();
    }

    private Answer read() throws IOException {
        String statusLine = line();
        String[] parts = statusLine.split(" ", 3);
        if (parts.length < 2 || !parts[0].startsWith("HTTP/1.")) {
            throw new IOException("not an HTTP status line: " + statusLine);
        }
        int status = Integer.parseInt(parts[1]);
        long length = -1;
        boolean chunked = false;
        boolean closes = false;
        for (String header = line(); !header.isEmpty(); header = line()) {
            int colon = header.indexOf(':');
            String name = header.substring(0, colon).trim().toLowerCase(Locale.ROOT);
            String value = header.substring(colon + 1).trim();
            if (name.equals("content-length")) {
                length = Long.parseLong(value);
            } else if (name.equals("transfer-encoding")) {
                chunked = value.toLowerCase(Locale.ROOT).contains("chunked");
            } else if (name.equals("connection")) {
                closes = value.equalsIgnoreCase("close");
            }
        }
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        if (chunked) {
            for (int size = chunkSize(); size > 0; size = chunkSize()) {
                body.write(in.readNBytes(size));
                line();
            }
            while (!line().isEmpty()) {
                // trailers
            }
        } else if (length > 0) {
            body.write(in.readNBytes((int) length));
        }
        if (closes) {
            close();
        }
        return new Answer(status, body.toString(StandardCharsets.UTF_8));
    }

    private int chunkSize() throws IOException {
        String size = line();
        int extension = size.indexOf(';');
        return Integer.parseInt((extension < 0 ? size : size.substring(0, extension)).trim(), 16);
    }

    /** One line without its CRLF. */
    private String line() throws IOException {
        StringBuilder text = new StringBuilder();
        for (int b = in.read(); b != '\n'; b = in.read()) {
            if (b < 0) {
                throw new IOException("the connection closed mid-answer");
            }
            if (b != '\r') {
                text.append((char) b);
            }
        }
        return text.toString();
    }

    @Override
    public void close() throws IOException {
        if (socket != null) {
            socket.close();
            socket = null;
        }
    }
}
