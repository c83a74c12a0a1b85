package dev.trainyard.it;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trainyard.it.support.EndpointTest;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * Clients that frame their requests so that two readers of the same bytes disagree on where a
 * request ends. On raw sockets: an HTTP client will not send such a request at all.
 */
class HostileClientsIT extends EndpointTest {

    /** A status line: anywhere, since an answer framed by its length runs straight into the next. */
    private static final Pattern STATUS_LINE = Pattern.compile("HTTP/1\\.1 (\\d{3}) ");

    /**
     * A request with both a Content-Length and a Transfer-Encoding, whose body, read as chunked,
     * ends early and leaves a second request behind it. A proxy in front that frames by the
     * length forwards one request; a server that answers the hidden one too has been smuggled a
     * request. Each shape is one kept-alive connection: the ambiguous request, then a plain
     * hello that closes it. Safe: one answer to the ambiguous request (a refusal, or an answer framed
     * either way) and the connection closed, or one answer and the hello's; never an answer to the
     * hidden request.
     */
    @Test
    void aRequestFramedTwoWaysIsNeverTakenForTwo() {
        Map<String, String> shapes = Map.of(
                "plain", "Transfer-Encoding: chunked\r\n",
                "a list", "Transfer-Encoding: chunked, identity\r\n",
                "two lines", "Transfer-Encoding: identity\r\nTransfer-Encoding: chunked\r\n",
                "a tab before the value", "Transfer-Encoding:\tchunked\r\n",
                "upper case", "TRANSFER-ENCODING: CHUNKED\r\n",
                "a vertical tab", "Transfer-Encoding:\u000bchunked\r\n",
                "a space before the colon", "Transfer-Encoding : chunked\r\n");
        List<Executable> checks = new ArrayList<>();
        shapes.forEach((shape, header) -> checks.add(() -> {
            String hidden = "GET " + base.getPath() + "smuggled HTTP/1.1\r\nHost: " + host() + "\r\n\r\n";
            String body = "0\r\n\r\n" + hidden;
            String ambiguous = "POST " + base.getPath() + "blocking/upload HTTP/1.1\r\nHost: " + host() + "\r\n"
                    + "Content-Type: application/octet-stream\r\nContent-Length: " + body.length() + "\r\n" + header + "\r\n" + body;
            String hello = "GET " + base.getPath() + "blocking/hello HTTP/1.1\r\nHost: " + host() + "\r\nConnection: close\r\n\r\n";
            String answers = exchange(ambiguous + hello);
            List<Integer> statuses = statuses(answers);
            String said = shape + " on " + server() + ": " + statuses + "\n" + answers;
            assertTrue(statuses.size() == 1 || statuses.size() == 2 && statuses.get(1) == 200, said);
            assertTrue(statuses.stream().noneMatch(s -> s == 404), said);
        }));
        assertAll(checks);
    }

    /** Sends {@code bytes} on a connection of its own and reads until the server closes it (10 s at most between reads). */
    private String exchange(String bytes) throws IOException {
        try (Socket socket = connect(0)) {
            socket.setSoTimeout(10_000);
            OutputStream out = socket.getOutputStream();
            out.write(bytes.getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            return new String(socket.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
        }
    }

    private String host() {
        return base.getHost() + ":" + base.getPort();
    }

    private static List<Integer> statuses(String answers) {
        List<Integer> statuses = new ArrayList<>();
        Matcher m = STATUS_LINE.matcher(answers);
        while (m.find()) {
            statuses.add(Integer.parseInt(m.group(1)));
        }
        return statuses;
    }
}
