package dev.trainyard.it.support;

import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * For the test classes whose clients misbehave: after each test, whatever its clients did, the
 * server comes back to rest by itself ({@link EndpointTest#settles}), as a comparison's cell needs
 * it to. A request held open, a worker or a request thread still busy, fails the test that left it.
 */
public final class LeavesTheServerIdle implements AfterEachCallback {

    @Override
    public void afterEach(ExtensionContext context) throws InterruptedException {
        EndpointTest test = (EndpointTest) context.getRequiredTestInstance();
        String busy = test.settles();
        assertNull(busy, () -> System.getProperty("trainyard.server", "the server") + " not at rest after "
                + context.getDisplayName() + ": " + busy);
    }
}
