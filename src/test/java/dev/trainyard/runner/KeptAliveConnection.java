package dev.trainyard.runner;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * One HTTP/1.1 connection held open between requests, as a load balancer or a client's pool holds
 * it: what happens to the next request sent on it while the server stops? The JDK's client hides
 * that (it retries on another connection), so this speaks HTTP on a plain socket.
 */
final class KeptAliveConnection implements AutoCloseable {

    record Answer(int status, String headers, String body) {
        boolean closes() {
            return headers.toLowerCase(Locale.ROOT).contains("\r\nconnection: close");
        }
    }

    private final URI base;
    private final Socket socket;
    private final InputStream in;

    private KeptAliveConnection(URI base) throws IOException {
        this.base = base;
        this.socket = new Socket(base.getHost(), base.getPort());
        this.socket.setSoTimeout(30_000);
        this.in = socket.getInputStream();
    }

    static KeptAliveConnection open(String base) throws IOException {
        return new KeptAliveConnection(URI.create(base));
    }

    /**
     * True when the server has already closed this connection: a client then knows its next request
     * was never sent and opens another. Reads with a short timeout; an open idle connection has
     * nothing to read.
     */
    boolean closedByServer() throws IOException {
        socket.setSoTimeout(100);
        try {
            int b = in.read();
            if (b >= 0) {
                throw new IOException("the server sent a byte on an idle connection: " + b);
            }
            return true;
        } catch (SocketTimeoutException stillOpen) {
            return false;
        } finally {
            socket.setSoTimeout(30_000);
        }
    }

    /** GET path (relative to the base), read to the end of its answer. */
    Answer get(String path) throws IOException {
        String target = base.resolve(path).getRawPath();
        socket.getOutputStream().write(("GET " + target + " HTTP/1.1\r\nHost: " + base.getHost() + ":" + base.getPort()
                + "\r\nAccept: application/json\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
        socket.getOutputStream().flush();
        String head = readHead();
        if (head.isEmpty()) {
            throw new IOException("the connection was closed with the request unanswered");
        }
        int status = Integer.parseInt(head.substring(9, 12));
        String lower = head.toLowerCase(Locale.ROOT);
        String body;
        int length = lower.indexOf("\r\ncontent-length:");
        if (length >= 0) {
            int end = lower.indexOf("\r\n", length + 2);
            body = new String(in.readNBytes(Integer.parseInt(head.substring(length + 17, end).trim())), StandardCharsets.UTF_8);
        } else if (lower.contains("\r\ntransfer-encoding: chunked")) {
            body = readChunked();
        } else {
            body = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        return new Answer(status, head, body);
    }

    private String readHead() throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int matched = 0;
        while (matched < 4) {
            int b = in.read();
            if (b < 0) {
                if (head.size() == 0) {
                    return "";
                }
                throw new IOException("the answer ended inside its head: " + head);
            }
            head.write(b);
            matched = (b == (matched % 2 == 0 ? '\r' : '\n')) ? matched + 1 : (b == '\r' ? 1 : 0);
        }
        return head.toString(StandardCharsets.ISO_8859_1);
    }

    private String readChunked() throws IOException {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        while (true) {
            String size = readLine();
            int n = Integer.parseInt(size.split(";", 2)[0].trim(), 16);
            if (n == 0) {
                while (!readLine().isEmpty()) {
                    // trailers
                }
                return body.toString(StandardCharsets.UTF_8);
            }
            body.write(in.readNBytes(n));
            readLine();
        }
    }

    private String readLine() throws IOException {
        StringBuilder line = new StringBuilder();
        int b;
        while ((b = in.read()) >= 0 && b != '\n') {
            if (b != '\r') {
                line.append((char) b);
            }
        }
        return line.toString();
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
