package dev.trainyard.it.support;

import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

/** The suite's requests are bounded with their bodies, not only until the headers. */
class SendBoundTest {

    @Test
    void aBodyThatStallsHalfWayEndsTheRequestAtItsTimeout() throws Exception {
        CountDownLatch done = new CountDownLatch(1);
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            Thread stalling = new Thread(() -> {
                try (Socket s = server.accept()) {
                    InputStream in = s.getInputStream();
                    while (in.read() != '\n') {
                        // the request line is enough
                    }
                    s.getOutputStream().write("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n"
                            .getBytes(StandardCharsets.US_ASCII));
                    s.getOutputStream().flush();
                    done.await();
                } catch (IOException | InterruptedException e) {
                    // the test has ended
                }
            });
            stalling.start();
            HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.getLocalPort() + "/stalls"))
                    .timeout(Duration.ofSeconds(1)).GET().build();
            UncheckedIOException e = assertTimeoutPreemptively(Duration.ofSeconds(30),
                    () -> assertThrows(UncheckedIOException.class, () -> EndpointTest.send(request)));
            assertInstanceOf(HttpTimeoutException.class, e.getCause());
            assertTrue(e.getMessage().contains("no whole answer within 1 s"), e.getMessage());
        } finally {
            done.countDown();
        }
    }
}
