package dev.trainyard.it.support;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a server sends back on a connection of our own, read as bytes: for the tests whose requests
 * an HTTP client would not send, or whose framing it would hide.
 */
public final class RawAnswers {

    /** A status line: anywhere, since an answer framed by its length runs straight into the next. */
    private static final Pattern STATUS_LINE = Pattern.compile("HTTP/1\\.1 (\\d{3}) ");
    private static final Pattern CONTENT_LENGTH = Pattern.compile("(?i)\r\ncontent-length: *(\\d+)\r\n");

    private RawAnswers() {
    }

    /**
     * What the server sends on {@code socket} until it closes the connection or, if
     * {@code oneAnswer}, until one answer framed by its Content-Length is whole (GlassFish keeps a
     * connection it answered with Connection: close open up to its own read bound).
     * {@code firstByte} runs when the first bytes come. A reset is read as the close: a server
     * that closes with request bytes unread resets, after what it sent. The socket's read timeout
     * bounds each read ({@link java.net.SocketTimeoutException}).
     */
    public static String read(Socket socket, boolean oneAnswer, Runnable firstByte) throws IOException {
        ByteArrayOutputStream got = new ByteArrayOutputStream();
        byte[] buffer = new byte[8192];
        try {
            for (int n = socket.getInputStream().read(buffer); n != -1; n = socket.getInputStream().read(buffer)) {
                got.write(buffer, 0, n);
                firstByte.run();
                if (oneAnswer && whole(got.toString(StandardCharsets.ISO_8859_1))) {
                    break;
                }
            }
        } catch (SocketException reset) {
            // Closed by the server with our bytes unread: what it sent before is its answer.
        }
        return got.toString(StandardCharsets.ISO_8859_1);
    }

    /**
     * One answer on {@code socket} ({@link #read}), or "still open after ..." when a read waits
     * {@code millis}, or nothing when the connection failed; {@code first} completes at the first
     * byte or the end, whichever comes first.
     */
    public static String within(Socket socket, int millis, CompletableFuture<Void> first) {
        try {
            socket.setSoTimeout(millis);
            return read(socket, true, () -> first.complete(null));
        } catch (SocketTimeoutException open) {
            return "still open after " + millis + " ms";
        } catch (IOException closed) {
            return "";
        } finally {
            first.complete(null);
        }
    }

    /** Whether {@code answer} holds a head and as many body bytes as its Content-Length says. */
    public static boolean whole(String answer) {
        return whole(answer, 1);
    }

    /** Whether {@code answers} starts with {@code count} answers, each whole by its Content-Length. */
    public static boolean whole(String answers, int count) {
        int at = 0;
        for (int i = 0; i < count; i++) {
            int head = answers.indexOf("\r\n\r\n", at);
            if (head < 0) {
                return false;
            }
            Matcher length = CONTENT_LENGTH.matcher(answers).region(Math.max(0, at - 2), head + 2);
            if (!length.find()) {
                return false;
            }
            at = head + 4 + Integer.parseInt(length.group(1));
            if (answers.length() < at) {
                return false;
            }
        }
        return true;
    }

    /** The status of every answer in {@code answers}, in order. */
    public static List<Integer> statuses(String answers) {
        List<Integer> statuses = new ArrayList<>();
        Matcher m = STATUS_LINE.matcher(answers);
        while (m.find()) {
            statuses.add(Integer.parseInt(m.group(1)));
        }
        return statuses;
    }
}
