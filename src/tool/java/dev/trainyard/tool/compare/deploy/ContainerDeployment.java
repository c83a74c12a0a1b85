package dev.trainyard.tool.compare.deploy;

import dev.trainyard.tool.compare.plan.Options;
import dev.trainyard.tool.db.DbSettings;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.concurrent.TimeUnit;

/**
 * A server variant as its image runs it ({@code target=containers}): one container from
 * {@code <images>/<server>} (what docker-compose builds), on the host's network as in the compose
 * file, pinned to the server side's cores with a cpuset (as the processes are, so the load client
 * stays on its own core) and under a memory limit, against the harness's own database, so that
 * only the packaging differs from {@code target=processes}. Its processes are visible from the
 * host, so its resident memory and CPU are read as a process's are; the control group adds what
 * the limit holds, and start-up counts from {@code docker run}. Removed when closed, or when the
 * harness exits first.
 */
public record ContainerDeployment(String name, String image, String baseUrl, long imageBytes, String cpuset, String memory,
        double answeredSeconds, double healthySeconds, long pid, Thread removeAtExit) implements Deployment {

    /** Each image's HTTP port on 127.0.0.1, as docker-compose.yml has them (GlassFish's is fixed when its image is built). */
    static final Map<String, Integer> PORTS = Map.of("tomcat", 18180, "jetty", 18181, "glassfish", 18280);
    static final Duration READY_WITHIN = Duration.ofSeconds(180);
    private static final Duration DOCKER_WITHIN = Duration.ofSeconds(60);

    public static String image(Options.Containers containers, String server) {
        return containers.images() + "/" + server;
    }

    /** Whether a Docker engine answers; why not otherwise (for the one line the harness prints). */
    public static Optional<String> engineMissing() {
        try {
            docker(Map.of(), "version", "--format", "{{.Server.Version}}");
            return Optional.empty();
        } catch (IOException e) {
            return Optional.of("no Docker engine answered" + Optional.ofNullable(System.getenv("DOCKER_HOST")).map(h -> " at " + h).orElse("")
                    + " (" + e.getMessage() + ")");
        }
    }

    /** The image's size in bytes, or an IllegalArgumentException that says how to build it. */
    public static long imageBytes(String image) {
        try {
            return Long.parseLong(docker(Map.of(), "image", "inspect", "--format", "{{.Size}}", image));
        } catch (IOException | NumberFormatException e) {
            throw new IllegalArgumentException("no image " + image + " in the Docker engine: build the images first (./mvnw -Pimages"
                    + " && docker-compose build, see docs/containers.md), or name yours with images=");
        }
    }

    /**
     * Starts the server's container and waits until its WAR answers; a container that exits or
     * does not answer within {@link #READY_WITHIN} is removed and the failure says why, with its
     * last log lines.
     *
     * @param cpuset the server side's CPUs ("0"), or null when the run is not isolated
     */
    public static ContainerDeployment start(Options.Containers containers, String server, String variant, DbSettings db, String cpuset)
            throws IOException, InterruptedException {
        String image = image(containers, server);
        long size = imageBytes(image);
        int port = PORTS.get(server);
        String name = "trainyard-compare-" + server + "-" + variant;
        removeQuietly(name);
        List<String> run = new ArrayList<>(List.of("run", "--detach", "--name", name, "--network", "host",
                "--memory", containers.memory(), "--memory-swap", containers.memory(),
                "--env", "TRAINYARD_VARIANT=" + variant, "--env", "TRAINYARD_HTTP_PORT=" + port,
                "--env", "TRAINYARD_HTTP_ADDRESS=127.0.0.1", "--env", "TRAINYARD_JAVA_OPTS=-XX:MaxRAMPercentage=75",
                "--env", "TRAINYARD_DB_URL=" + db.url(), "--env", "TRAINYARD_DB_USER=" + db.user(),
                // Named without a value: docker takes it from its own environment, so it is in no process list.
                "--env", "TRAINYARD_DB_PASSWORD"));
        if (cpuset != null) {
            run.addAll(List.of("--cpuset-cpus", cpuset));
        }
        run.add(image);
        Instant started = Instant.now();
        Thread removeAtExit = new Thread(() -> removeQuietly(name), "remove " + name);
        Runtime.getRuntime().addShutdownHook(removeAtExit);
        try {
            docker(Map.of("TRAINYARD_DB_PASSWORD", db.password() == null ? "" : db.password()), run.toArray(String[]::new));
            String baseUrl = "http://127.0.0.1:" + port + "/trainyard/";
            double[] ready = awaitReady(name, baseUrl, started);
            long pid = Long.parseLong(docker(Map.of(), "inspect", "--format", "{{.State.Pid}}", name));
            return new ContainerDeployment(name, image, baseUrl, size, cpuset, containers.memory(), ready[0], ready[1], pid, removeAtExit);
        } catch (IOException | RuntimeException | InterruptedException e) {
            removeQuietly(name);
            Runtime.getRuntime().removeShutdownHook(removeAtExit);
            throw e;
        }
    }

    /**
     * Waits for the first 200 of blocking/hello (what the processes' start-up counts to), then for
     * the image's own health check to say healthy (GlassFish's also waits for the database
     * password its entrypoint sets once the domain runs); returns the seconds from {@code started}
     * to each.
     */
    private static double[] awaitReady(String name, String baseUrl, Instant started) throws IOException, InterruptedException {
        HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        HttpRequest hello = HttpRequest.newBuilder(URI.create(baseUrl + "blocking/hello")).timeout(Duration.ofSeconds(5)).build();
        long deadline = System.nanoTime() + READY_WITHIN.toNanos();
        double answered = Double.NaN;
        while (System.nanoTime() < deadline) {
            String[] state = docker(Map.of(), "inspect", "--format", "{{.State.Status}} {{if .State.Health}}{{.State.Health.Status}}{{else}}none{{end}}",
                    name).split(" ");
            if (!state[0].equals("running") && !state[0].equals("created")) {
                String[] end = docker(Map.of(), "inspect", "--format", "{{.State.ExitCode}} {{.State.OOMKilled}}", name).split(" ");
                throw new IOException("container " + name + " " + state[0] + " with status " + end[0] + " before it was ready"
                        + (end[1].equals("true") ? ", killed for memory (container.memory is its limit)" : "") + logTail(name));
            }
            if (Double.isNaN(answered)) {
                try {
                    if (client.send(hello, HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
                        answered = secondsSince(started);
                    }
                } catch (IOException notYet) {
                    // Not listening yet.
                }
            }
            if (!Double.isNaN(answered) && (state[1].equals("healthy") || state[1].equals("none"))) {
                return new double[] {answered, secondsSince(started)};
            }
            Thread.sleep(250);
        }
        throw new IOException("container " + name + " was not " + (Double.isNaN(answered) ? "answering " + hello.uri() : "healthy")
                + " within " + READY_WITHIN.toSeconds() + " s; its last log lines:\n" + logTail(name));
    }

    private static double secondsSince(Instant start) {
        return Duration.between(start, Instant.now()).toMillis() / 1000.0;
    }

    /** Its last log lines, introduced, for a message that ends a run; the plain fact when there are none. */
    private static String logTail(String name) {
        try {
            String tail = docker(Map.of(), "logs", "--tail", "20", name);
            return tail.isEmpty() ? "; it logged nothing" : "; its last log lines:\n" + tail + "\n";
        } catch (IOException e) {
            return "; its logs could not be read (" + e.getMessage() + ")";
        }
    }

    private static void removeQuietly(String name) {
        try {
            docker(Map.of(), "rm", "--force", "--volumes", name);
        } catch (IOException absent) {
            // Nothing of that name: nothing to remove.
        }
    }

    /** Runs the docker CLI; its standard output, trimmed, or an IOException with what it said on failure. */
    static String docker(Map<String, String> env, String... args) throws IOException {
        List<String> command = new ArrayList<>();
        command.add("docker");
        command.addAll(List.of(args));
        Path output = Files.createTempFile("trainyard-docker", ".out");
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output.toFile());
        builder.environment().putAll(env);
        try {
            Process p;
            try {
                p = builder.start();
            } catch (IOException noCli) {
                throw new IOException("the docker command is not installed");
            }
            if (!p.waitFor(DOCKER_WITHIN.toSeconds(), TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IOException("docker " + args[0] + " did not end within " + DOCKER_WITHIN.toSeconds() + " s");
            }
            String text = Files.readString(output, StandardCharsets.UTF_8).trim();
            if (p.exitValue() != 0) {
                throw new IOException(text.isEmpty() ? "docker " + args[0] + " failed" : text);
            }
            return text;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while docker " + args[0] + " ran");
        } finally {
            Files.deleteIfExists(output);
        }
    }

    @Override
    public List<ProcessHandle> processes() {
        List<ProcessHandle> all = new ArrayList<>();
        ProcessHandle.of(pid).ifPresent(init -> {
            all.add(init);
            init.descendants().forEach(all::add);
        });
        return all;
    }

    @Override
    public OptionalDouble readySeconds() {
        return OptionalDouble.of(answeredSeconds);
    }

    @Override
    public Packaging packaging() {
        return new Packaging(image, imageBytes / 1048576.0, cpuset, memory, healthySeconds,
                ContainerCgroup.HOST.memoryPeak(pid).orElse(Double.NaN) / 1048576);
    }

    @Override
    public void close() {
        try {
            docker(Map.of(), "stop", "--time", "20", name);
        } catch (IOException e) {
            System.out.println("  docker stop " + name + ": " + e.getMessage());
        }
        removeQuietly(name);
        try {
            Runtime.getRuntime().removeShutdownHook(removeAtExit);
        } catch (IllegalStateException exiting) {
            // The hook is running or the JVM is exiting: it removes the container itself.
        }
    }
}
