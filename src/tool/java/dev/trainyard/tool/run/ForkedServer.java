package dev.trainyard.tool.run;

import java.util.concurrent.TimeUnit;

/** A server that runs as one child process of the runner (Tomcat, Jetty). */
abstract class ForkedServer implements ServerProcess {

    protected final ServerLayout layout;
    protected Process process;

    ForkedServer(ServerLayout layout) {
        this.layout = layout;
    }

    @Override
    public String baseUrl() {
        return layout.baseUrl();
    }

    @Override
    public boolean isAlive() {
        return process != null && process.isAlive();
    }

    @Override
    public java.util.List<ProcessHandle> processes() {
        if (process == null || !process.isAlive()) {
            return java.util.List.of();
        }
        return java.util.stream.Stream.concat(java.util.stream.Stream.of(process.toHandle()), process.descendants()).toList();
    }

    /** Tomcat and Jetty: their standard output and error, where their console handlers write every line. */
    @Override
    public java.nio.file.Path log() {
        return directory().resolve("logs/console.log");
    }

    @Override
    public java.nio.file.Path directory() {
        return layout.base();
    }

    @Override
    public void awaitExit() throws InterruptedException {
        process.waitFor();
    }

    /** SIGTERM (the JVM's shutdown hook stops the server cleanly), then, after 30 s, SIGKILL. */
    @Override
    public void close() {
        if (process == null || !process.isAlive()) {
            return;
        }
        process.destroy();
        try {
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
