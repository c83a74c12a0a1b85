package dev.trainyard.it;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.trainyard.it.support.EndpointTest;
import dev.trainyard.it.support.LeavesTheServerIdle;
import dev.trainyard.it.support.NothingTouchedAfterItEnded;
import dev.trainyard.it.support.RawAnswers;
import java.io.IOException;
import java.net.Socket;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.function.Executable;

/**
 * Clients that go slowly enough to hold what a server gives a connection, and never slowly enough
 * for an idle timeout: bodies and headers sent a byte at a time, by more clients than the server
 * has request threads. On raw sockets: an HTTP client sends its requests whole.
 */
@ExtendWith({NothingTouchedAfterItEnded.class, LeavesTheServerIdle.class})
class SlowClientsIT extends EndpointTest {

    /**
     * Clients that send a body a byte at a time, each byte soon enough to keep any idle timeout
     * away: more of them than the server has request threads (200 on every server here), to the
     * blocking upload, to a GET whose body nobody reads (the container would drain it), and a few
     * to the async upload. A body that keeps less than the least pace over a stall bound is the
     * client's failure: each gets a 408 or 400 in Trainyard's JSON, or its connection closed. Once
     * every one has its answer, and while they still send, a fresh request is answered: no thread
     * waits on what they still send (a server that drained their bodies on its request threads
     * would have none left). At the end nothing of theirs is open.
     */
    @Test
    void slowBodiesHoldNoRequestThreadForLong() throws Exception {
        Map<String, String> heads = new LinkedHashMap<>();
        String declared = "Content-Length: " + 1024 * 1024 + "\r\n\r\n";
        heads.put("blocking upload", "POST " + base.getPath() + "blocking/upload HTTP/1.1\r\nHost: " + host()
                + "\r\nContent-Type: application/octet-stream\r\n" + declared);
        heads.put("a GET's body", "GET " + base.getPath() + "blocking/hello HTTP/1.1\r\nHost: " + host() + "\r\n" + declared);
        heads.put("async upload", "POST " + base.getPath() + "async/upload HTTP/1.1\r\nHost: " + host()
                + "\r\nContent-Type: application/octet-stream\r\n" + declared);
        Map<String, Integer> counts = Map.of("blocking upload", 110, "a GET's body", 110, "async upload", 20);
        List<String> shapeOf = new ArrayList<>();
        ExecutorService readers = Executors.newFixedThreadPool(counts.values().stream()
                .mapToInt(Integer::intValue).sum());
        Trickle trickle = new Trickle();
        List<Socket> slow = trickle.sockets;
        List<CompletableFuture<String>> answers = new ArrayList<>();
        List<CompletableFuture<Void>> answered = new ArrayList<>();
        long started = System.nanoTime();
        try {
            for (Map.Entry<String, String> head : heads.entrySet()) {
                for (int i = 0; i < counts.get(head.getKey()); i++) {
                    Socket socket = connect(0);
                    socket.getOutputStream().write(head.getValue().getBytes(StandardCharsets.ISO_8859_1));
                    slow.add(socket);
                    shapeOf.add(head.getKey());
                    CompletableFuture<Void> first = new CompletableFuture<>();
                    answered.add(first);
                    answers.add(CompletableFuture.supplyAsync(() -> RawAnswers.within(socket, 30_000, first), readers));
                }
            }
            trickle.start();
            try {
                CompletableFuture.allOf(answered.toArray(CompletableFuture[]::new)).get(30, TimeUnit.SECONDS);
            } catch (TimeoutException e) {
                fail(answered.stream().filter(f -> !f.isDone()).count() + " of " + slow.size()
                        + " trickling clients neither answered nor closed after 30 s, on " + server());
            }
            double cut = (System.nanoTime() - started) / 1e9;
            HttpResponse<String> meanwhile = send(HttpRequest.newBuilder(uri("blocking/hello"))
                    .timeout(Duration.ofSeconds(20)).build());
            assertEquals(200, meanwhile.statusCode(), "a fresh request while " + slow.size() + " clients trickle, on " + server());
            List<Executable> checks = new ArrayList<>();
            for (int i = 0; i < answers.size(); i++) {
                String shape = shapeOf.get(i);
                CompletableFuture<String> answer = answers.get(i);
                checks.add(() -> {
                    String said = answer.get();
                    List<Integer> statuses = RawAnswers.statuses(said);
                    String what = shape + " on " + server() + ": " + statuses + "\n" + said;
                    assertTrue(!said.startsWith("still open"), what);
                    assertTrue(statuses.size() <= 1 && (statuses.isEmpty() || statuses.get(0) == 408 || statuses.get(0) == 400), what);
                    // An empty refusal is the server's own, before the WAR saw the request (GlassFish's to a GET with a body).
                    assertTrue(statuses.isEmpty() || said.contains("\"status\":" + statuses.get(0)) || said.endsWith("\r\n\r\n"),
                            "not Trainyard's JSON: " + what);
                });
            }
            assertAll(checks);
            assertTrue(fallsTo("trainyard_request_threads_busy", 1), "request threads still busy on " + server());
            assertTrue(openFallsTo(0), "async requests left open on " + server());
            System.out.printf(Locale.ROOT, "%s: %d trickling clients answered or closed after %.1f s, all of them whole after %.1f s%n",
                    server(), slow.size(), cut, (System.nanoTime() - started) / 1e9);
        } finally {
            trickle.close();
            readers.shutdownNow();
        }
    }

    /**
     * Clients that send their request's header a byte at a time, each byte soon enough to keep any
     * idle timeout away: more of them than the server has request threads. None of the three
     * servers offers a deadline for a whole header (each idle timeout restarts with every byte), so
     * each such connection stays open as long as its client keeps sending, up to the header size
     * limit; what must hold is that none of them holds a request thread while it does: every
     * request thread idle and a fresh request answered meanwhile. Once they end their headers, each
     * is answered (or was closed by the server), and nothing of theirs stays open.
     */
    @Test
    void headersSentAByteAtATimeHoldNoRequestThread() throws Exception {
        int clients = 220;
        Trickle trickle = new Trickle();
        List<Socket> slow = trickle.sockets;
        ExecutorService readers = Executors.newFixedThreadPool(clients);
        try {
            String head = "GET " + base.getPath() + "blocking/hello HTTP/1.1\r\nHost: " + host() + "\r\nConnection: close\r\nX-Slow: ";
            for (int i = 0; i < clients; i++) {
                Socket socket = connect(0);
                socket.getOutputStream().write(head.getBytes(StandardCharsets.ISO_8859_1));
                slow.add(socket);
            }
            trickle.start();
            assertTrue(trickle.sentRounds(8, 30), "the trickle fell behind");
            assertTrue(fallsTo("trainyard_request_threads_busy", 1), metric("trainyard_request_threads_busy")
                    + " request threads busy while " + clients + " clients send their headers a byte at a time, on " + server());
            HttpResponse<String> meanwhile = send(HttpRequest.newBuilder(uri("blocking/hello")).timeout(Duration.ofSeconds(20)).build());
            assertEquals(200, meanwhile.statusCode(), "a fresh request while " + clients + " headers trickle, on " + server());
            trickle.stop();
            List<CompletableFuture<String>> answers = new ArrayList<>();
            for (Socket socket : slow) {
                answers.add(CompletableFuture.supplyAsync(() -> {
                    try {
                        socket.getOutputStream().write("\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
                    } catch (IOException closedByTheServer) {
                        return "";
                    }
                    return RawAnswers.within(socket, 30_000, new CompletableFuture<>());
                }, readers));
            }
            int cut = 0;
            for (CompletableFuture<String> answer : answers) {
                String said = answer.get();
                List<Integer> statuses = RawAnswers.statuses(said);
                assertTrue(statuses.isEmpty() && !said.startsWith("still open") || statuses.equals(List.of(200)),
                        "a slow header's request, ended, on " + server() + ": " + said);
                cut += statuses.isEmpty() ? 1 : 0;
            }
            assertTrue(fallsTo("trainyard_request_threads_busy", 1), "request threads still busy on " + server());
            System.out.printf(Locale.ROOT, "%s: %d of %d clients sending their headers a byte at a time were cut by the server%n",
                    server(), cut, clients);
        } finally {
            trickle.close();
            readers.shutdownNow();
        }
    }

    /** Sends each of its sockets a byte every quarter second, from one thread, until stopped; close() closes them. */
    private static final class Trickle implements AutoCloseable {

        final List<Socket> sockets = new CopyOnWriteArrayList<>();
        private final AtomicBoolean on = new AtomicBoolean(true);
        private final AtomicInteger rounds = new AtomicInteger();
        private final Thread thread = new Thread(this::run, "trickle");

        void start() {
            thread.start();
        }

        private void run() {
            while (on.get()) {
                for (Socket socket : sockets) {
                    try {
                        socket.getOutputStream().write('x');
                    } catch (IOException closedByTheServer) {
                        // Cut: nothing more to send there.
                    }
                }
                synchronized (rounds) {
                    rounds.incrementAndGet();
                    rounds.notifyAll();
                }
                try {
                    Thread.sleep(250);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }

        /** Waits (bounded) until it has sent {@code count} rounds. */
        boolean sentRounds(int count, int seconds) throws InterruptedException {
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
            synchronized (rounds) {
                while (rounds.get() < count && System.nanoTime() < until) {
                    rounds.wait(100);
                }
                return rounds.get() >= count;
            }
        }

        void stop() throws InterruptedException {
            on.set(false);
            thread.interrupt();
            if (thread.isAlive()) {
                thread.join();
            }
        }

        @Override
        public void close() throws Exception {
            stop();
            for (Socket socket : sockets) {
                socket.close();
            }
        }
    }
}
