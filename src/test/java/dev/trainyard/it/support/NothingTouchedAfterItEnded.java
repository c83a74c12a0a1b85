package dev.trainyard.it.support;

import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.List;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * For the test classes whose clients misbehave: once they are done, the server logged no
 * IllegalStateException since they began. That is how a container says a request was touched
 * after it had completed (Jetty's "s=HANDLING rs=COMPLETED os=ABORTED"), a write or an end that
 * may land on the request the container has recycled for another client. Where the suite has no
 * log of the server ({@link ServerLog}), there is nothing to read and nothing is asserted.
 */
public final class NothingTouchedAfterItEnded implements BeforeAllCallback, AfterAllCallback {

    private static final ExtensionContext.Namespace HERE = ExtensionContext.Namespace.create(NothingTouchedAfterItEnded.class);

    @Override
    public void beforeAll(ExtensionContext context) {
        context.getStore(HERE).put("mark", ServerLog.mark());
    }

    @Override
    public void afterAll(ExtensionContext context) {
        ServerLog.Mark mark = context.getStore(HERE).get("mark", ServerLog.Mark.class);
        String logged = ServerLog.since(mark);
        int at = firstTouch(logged);
        assertFalse(at >= 0, () -> System.getProperty("trainyard.server", "the server") + " logged an IllegalStateException while "
                + context.getDisplayName() + " ran:\n" + logged.substring(Math.max(0, at - 2_000), Math.min(logged.length(), at + 2_000)));
    }

    /**
     * Where the log first says an IllegalStateException that may be a request touched after it
     * ended, or -1. One is not: Jetty 12.0's own request buffer released twice after its parser
     * refused a request (a URI over its limit) before any servlet saw it, "already released
     * ReferenceCounter" from HttpConnection.releaseRequestBuffer, an open Jetty bug
     * (jetty/jetty.project#12939) that no code of the WAR's reaches.
     */
    public static int firstTouch(String logged) {
        int at = logged.indexOf("IllegalStateException");
        while (at >= 0) {
            String trace = stackAt(logged, at);
            boolean jettysOwnBuffer = trace.startsWith("IllegalStateException: already released ReferenceCounter")
                    && trace.contains("HttpConnection.releaseRequestBuffer") && !trace.contains("dev.trainyard");
            if (!jettysOwnBuffer) {
                return at;
            }
            at = logged.indexOf("IllegalStateException", at + 1);
        }
        return -1;
    }

    /** The exception's line and the "at" lines of its stack that follow it. */
    private static String stackAt(String logged, int at) {
        List<String> lines = logged.substring(at).lines().toList();
        StringBuilder trace = new StringBuilder(lines.get(0));
        for (String line : lines.subList(1, lines.size())) {
            if (!line.strip().startsWith("at ")) {
                break;
            }
            trace.append('\n').append(line);
        }
        return trace.toString();
    }
}
