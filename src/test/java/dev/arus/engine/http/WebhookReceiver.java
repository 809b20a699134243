package dev.arus.engine.http;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A real HTTP/1.1 server on a loopback port that receives webhooks and fails on purpose: each
 * request takes the next of the answers it was told to give ({@link Answer}), then 200 (or what
 * {@link #always} says) once they are used up. It records every request it read, its headers and body, whatever it answered.
 * One connection per request ({@code Connection: close}).
 */
public final class WebhookReceiver implements AutoCloseable {

    /** What the receiver does with a request. */
    public enum Answer {
        /** 200 with an empty JSON object. */
        OK,
        /** 500. */
        SERVER_ERROR,
        /** 400: the receiver refuses the body. */
        BAD_REQUEST,
        /** Nothing, ever: the connection stays open and silent until the receiver closes. */
        SILENCE,
        /** The connection is reset (RST) without an answer. */
        RESET
    }

    /** A request as read: its headers by lower-case name, and its body. */
    public record Request(Map<String, String> headers, String body) {
        public String idempotencyKey() {
            return headers.get("idempotency-key");
        }
    }

    private final ServerSocket server;
    private final Deque<Answer> answers = new ArrayDeque<>();
    private final List<Request> requests = new ArrayList<>();
    private final List<Socket> silent = new ArrayList<>();
    private final Thread acceptor;
    private Answer fallback = Answer.OK;

    public WebhookReceiver() throws IOException {
        server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        acceptor = new Thread(this::accept, "webhook-receiver");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    /** The URL of path {@code path} on this receiver, by the loopback address's name {@code 127.0.0.1}. */
    public String url(String path) {
        return "http://127.0.0.1:" + server.getLocalPort() + path;
    }

    /** The next requests get these answers, in order; then 200. */
    public synchronized WebhookReceiver answering(Answer... next) {
        answers.addAll(List.of(next));
        return this;
    }

    /** From now on every request is answered {@code answer}. */
    public synchronized void always(Answer answer) {
        answers.clear();
        fallback = answer;
    }

    public synchronized List<Request> requests() {
        return List.copyOf(requests);
    }

    private void accept() {
        while (!server.isClosed()) {
            try {
                Socket socket = server.accept();
                Thread handler = new Thread(() -> handle(socket), "webhook-receiver-request");
                handler.setDaemon(true);
                handler.start();
            } catch (IOException closed) {
                return;
            }
        }
    }

    private void handle(Socket socket) {
        try {
            InputStream in = socket.getInputStream();
            Map<String, String> headers = new LinkedHashMap<>();
            String line = readLine(in);
            if (line == null) {
                socket.close();
                return;
            }
            while ((line = readLine(in)) != null && !line.isEmpty()) {
                int colon = line.indexOf(':');
                headers.put(line.substring(0, colon).trim().toLowerCase(Locale.ROOT), line.substring(colon + 1).trim());
            }
            int length = Integer.parseInt(headers.getOrDefault("content-length", "0"));
            String body = new String(in.readNBytes(length), StandardCharsets.UTF_8);
            Answer answer;
            synchronized (this) {
                requests.add(new Request(headers, body));
                answer = answers.isEmpty() ? fallback : answers.poll();
            }
            switch (answer) {
                case OK -> respond(socket, 200, "{}");
                case SERVER_ERROR -> respond(socket, 500, "{\"error\":\"on purpose\"}");
                case BAD_REQUEST -> respond(socket, 400, "{\"error\":\"unreadable\"}");
                case SILENCE -> {
                    synchronized (this) {
                        silent.add(socket);
                    }
                }
                case RESET -> {
                    socket.setSoLinger(true, 0);
                    socket.close();
                }
            }
        } catch (IOException | RuntimeException gone) {
            // the client went away
        }
    }

    private static void respond(Socket socket, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        OutputStream out = socket.getOutputStream();
        out.write(("HTTP/1.1 " + status + " X\r\nContent-Type: application/json\r\nContent-Length: " + bytes.length
                + "\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
        out.write(bytes);
        out.flush();
        socket.close();
    }

    private static String readLine(InputStream in) throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        int b;
        while ((b = in.read()) >= 0) {
            if (b == '\n') {
                String text = line.toString(StandardCharsets.US_ASCII);
                return text.endsWith("\r") ? text.substring(0, text.length() - 1) : text;
            }
            line.write(b);
        }
        return line.size() == 0 ? null : line.toString(StandardCharsets.US_ASCII);
    }

    @Override
    public void close() throws IOException {
        server.close();
        synchronized (this) {
            for (Socket socket : silent) {
                socket.close();
            }
        }
    }
}
