package dev.trainyard.it.support;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * Which IllegalStateExceptions in a server's log count as a request touched after it ended: all
 * but Jetty's own request buffer released twice, as a CI run's Jetty logged it after refusing a
 * 20,000-byte URI (the log kept in src/test/resources/logs).
 */
class NothingTouchedAfterItEndedTest {

    private static final String TOUCHED = "WARN org.eclipse.jetty.ee10.servlet.ServletChannelState - java.lang.IllegalStateException:"
            + " s=HANDLING rs=COMPLETED os=ABORTED is=IDLE awp=false se=false i=true al=0\n"
            + "\tat org.eclipse.jetty.ee10.servlet.ServletChannelState.complete(ServletChannelState.java:700)\n"
            + "\tat dev.trainyard.answer.AsyncCall.end(AsyncCall.java:120)\n";

    @Test
    void jettysOwnBufferReleasedTwiceIsNoTouch() throws IOException {
        assertEquals(-1, NothingTouchedAfterItEnded.firstTouch(jettyLog()));
    }

    @Test
    void aRequestTouchedAfterItEndedIsFoundBesideIt() throws IOException {
        String log = jettyLog() + TOUCHED;
        assertEquals(log.indexOf("IllegalStateException: s=HANDLING"), NothingTouchedAfterItEnded.firstTouch(log));
        assertEquals(TOUCHED.indexOf("IllegalStateException"), NothingTouchedAfterItEnded.firstTouch(TOUCHED + jettyLog()));
    }

    @Test
    void theSameMessageFromTheWarsOwnCallIsATouch() throws IOException {
        String log = jettyLog().replace("\tat org.eclipse.jetty.server.internal.HttpConnection.onFillable",
                "\tat dev.trainyard.answer.AsyncCall.end(AsyncCall.java:120)\n\tat org.eclipse.jetty.server.internal.HttpConnection.onFillable");
        assertEquals(log.indexOf("IllegalStateException"), NothingTouchedAfterItEnded.firstTouch(log));
    }

    private static String jettyLog() throws IOException {
        return Files.readString(Path.of("src/test/resources/logs/jetty-released-twice.txt"), StandardCharsets.UTF_8);
    }
}
