package dev.trainyard.it.support;

import static org.junit.jupiter.api.Assertions.assertFalse;

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
        int at = logged.indexOf("IllegalStateException");
        assertFalse(at >= 0, () -> System.getProperty("trainyard.server", "the server") + " logged an IllegalStateException while "
                + context.getDisplayName() + " ran:\n" + logged.substring(Math.max(0, at - 2_000), Math.min(logged.length(), at + 2_000)));
    }
}
