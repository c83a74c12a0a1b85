package dev.trainyard.app;

import dev.trainyard.answer.OpenCalls;
import dev.trainyard.config.Setting;
import dev.trainyard.config.ThreadFactories;
import jakarta.servlet.ServletContextEvent;
import jakarta.servlet.ServletContextListener;
import jakarta.servlet.annotation.WebListener;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Starts the drain ({@link OpenCalls#drain()}) as early as the server lets the WAR know it is
 * stopping, in whichever of three ways comes first:
 * <ul>
 * <li>SIGTERM, through a JVM shutdown hook that runs beside the container's own: Tomcat and Jetty
 *     stop accepting (their graceful stops, in server-configs) while the answers still go out;</li>
 * <li>a drain file (trainyard.shutdown.drainFile) appearing: for a server that closes its
 *     listeners first when it stops (GlassFish 7) and for an orchestrator's pre-stop hook, the
 *     stop script creates the file, waits for the WAR to write {@code <file>.done}, then stops
 *     the server;</li>
 * <li>at the latest, the context being destroyed.</li>
 * </ul>
 * The other listeners drain before they close what they own.
 */
@WebListener
public class ShutdownListener implements ServletContextListener {

    private static final Logger LOG = Logger.getLogger(ShutdownListener.class.getName());
    /** How often the drain file is looked for: a stop script waits at most this long for the start. */
    private static final long DRAIN_FILE_CHECK_MILLIS = 200;

    private OpenCalls calls;
    private Thread hook;
    private ScheduledExecutorService watcher;

    @Override
    public void contextInitialized(ServletContextEvent event) {
        calls = OpenCalls.of(event.getServletContext());
        OpenCalls drained = calls;
        hook = new Thread(drained::drain, "trainyard-drain");
        try {
            Runtime.getRuntime().addShutdownHook(hook);
        } catch (SecurityException | IllegalStateException e) {
            hook = null;
            LOG.log(Level.INFO, "no shutdown hook (" + e + "): the drain starts when the context stops");
        }
        String drainFile = Setting.SHUTDOWN_DRAIN_FILE.text();
        if (!drainFile.isBlank()) {
            watch(Path.of(drainFile));
        }
    }

    private void watch(Path file) {
        Path done = file.resolveSibling(file.getFileName() + ".done");
        try {
            // Left by the previous stop: this start must not drain at once.
            Files.deleteIfExists(file);
            Files.deleteIfExists(done);
        } catch (IOException e) {
            throw new IllegalStateException("trainyard.shutdown.drainFile " + file + " cannot be cleared: " + e, e);
        }
        watcher = Executors.newSingleThreadScheduledExecutor(ThreadFactories.platform("trainyard-drain-file"));
        watcher.scheduleWithFixedDelay(() -> {
            if (Files.exists(file)) {
                LOG.info("drain file " + file + " found: draining");
                calls.drain();
                try {
                    Files.writeString(done, "drained\n");
                } catch (IOException e) {
                    LOG.log(Level.WARNING, "could not write " + done, e);
                }
                watcher.shutdown();
            }
        }, DRAIN_FILE_CHECK_MILLIS, DRAIN_FILE_CHECK_MILLIS, TimeUnit.MILLISECONDS);
    }

    @Override
    public void contextDestroyed(ServletContextEvent event) {
        calls.drain();
        if (watcher != null) {
            watcher.shutdownNow();
        }
        if (hook != null) {
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException alreadyRunning) {
                // The JVM is stopping: the hook has run or runs now; the drain above waited for it.
            }
        }
    }
}
