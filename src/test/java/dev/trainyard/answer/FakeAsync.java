package dev.trainyard.answer;

import jakarta.servlet.AsyncContext;
import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.reflect.Proxy;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A stand-in for the container around one {@link AsyncCall}, to unit-test the answer core and
 * what uses it (the train's dispatcher): it records the status, headers and body written, counts
 * complete() calls, fires the container's timeout and error events on demand, and notes any touch
 * of the response after the request completed (a real container may have recycled it by then).
 */
public final class FakeAsync {

    private final Map<String, String> headers = new ConcurrentHashMap<>();
    private final StringWriter body = new StringWriter();
    private final AtomicInteger completes = new AtomicInteger();
    private final Map<String, Object> attributes = new ConcurrentHashMap<>();
    private volatile String dispatchedTo;
    /** What was given to AsyncContext.start, to run on a container thread when the test says so. */
    private final java.util.Queue<Runnable> handedToContainer = new java.util.concurrent.ConcurrentLinkedQueue<>();
    private final AtomicInteger touchesAfterComplete = new AtomicInteger();
    private final CountDownLatch completed = new CountDownLatch(1);
    private volatile int status = 200;
    private volatile AsyncListener listener;
    private final AsyncCall call;
    /** What went out through non-blocking output (the async answers' way). */
    private final java.io.ByteArrayOutputStream sent = new java.io.ByteArrayOutputStream();
    /** Whether the client reads: while it does not, a write stays pending and isReady() says no. */
    private volatile boolean clientReads = true;
    private volatile boolean pending;
    /** The container's buffer: an answer smaller than this is written into it, a larger one through non-blocking output. */
    private volatile int bufferSize = 8192;
    private final AtomicInteger flushes = new AtomicInteger();
    private volatile jakarta.servlet.WriteListener writeListener;
    private final ServletOutputStream output = new ServletOutputStream() {
        @Override
        public boolean isReady() {
            return !pending;
        }

        @Override
        public void setWriteListener(jakarta.servlet.WriteListener listener) {
            writeListener = listener;
            try {
                listener.onWritePossible();
            } catch (IOException e) {
                listener.onError(e);
            }
        }

        @Override
        public void write(int b) {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) {
            synchronized (sent) {
                sent.write(b, off, len);
            }
            pending = !clientReads;
        }

        @Override
        public void flush() {
            flushes.incrementAndGet();
        }
    };

    private FakeAsync(OpenCalls calls, long timeoutMillis) {
        HttpServletResponse response = proxy(HttpServletResponse.class, (method, args) -> {
            if (completes.get() > 0) {
                touchesAfterComplete.incrementAndGet();
            }
            switch (method) {
                case "setStatus" -> status = (Integer) args[0];
                case "getStatus" -> {
                    return status;
                }
                case "setHeader" -> headers.put((String) args[0], (String) args[1]);
                case "getHeader" -> {
                    return headers.get((String) args[0]);
                }
                case "isCommitted" -> {
                    return false;
                }
                case "getWriter" -> {
                    return new PrintWriter(body, true);
                }
                case "getOutputStream" -> {
                    return output;
                }
                case "getCharacterEncoding" -> {
                    return "UTF-8";
                }
                case "setContentLength" -> headers.put("Content-Length", Integer.toString((Integer) args[0]));
                case "getBufferSize" -> {
                    return bufferSize;
                }
                case "resetBuffer" -> body.getBuffer().setLength(0);
                case "setContentType", "setCharacterEncoding" -> {
                    // Recorded nowhere: the tests read status and body.
                }
                default -> throw new UnsupportedOperationException(method);
            }
            return null;
        });
        HttpServletRequest[] request = new HttpServletRequest[1];
        AsyncContext context = proxy(AsyncContext.class, (method, args) -> {
            switch (method) {
                case "getRequest" -> {
                    return request[0];
                }
                case "getResponse" -> {
                    return response;
                }
                case "setTimeout" -> {
                    // The test fires the timeout itself.
                }
                case "addListener" -> listener = (AsyncListener) args[0];
                case "complete" -> {
                    completes.incrementAndGet();
                    completed.countDown();
                }
                case "dispatch" -> dispatchedTo = (String) args[0];
                case "start" -> handedToContainer.add((Runnable) args[0]);
                default -> throw new UnsupportedOperationException(method);
            }
            return null;
        });
        request[0] = proxy(HttpServletRequest.class, (method, args) -> {
            if (method.equals("startAsync")) {
                return context;
            }
            if (method.equals("setAttribute")) {
                attributes.put((String) args[0], args[1]);
                return null;
            }
            throw new UnsupportedOperationException(method);
        });
        call = AsyncCall.start(request[0], response, calls, timeoutMillis);
    }

    /** A started call whose timeout is {@code timeoutMillis} (fired only by {@link #timeout()}). */
    public static FakeAsync start(OpenCalls calls, long timeoutMillis) {
        return new FakeAsync(calls, timeoutMillis);
    }

    /** A started call with its own registry and a long timeout. */
    public static FakeAsync start() {
        return start(new OpenCalls(5_000, () -> 0), 60_000);
    }

    public AsyncCall call() {
        return call;
    }

    /** The container's timeout event, on the calling thread. */
    public void timeout() throws IOException {
        listener.onTimeout(new AsyncEvent(call.context()));
    }

    /** The container's error event (the client went away), on the calling thread. */
    public void clientGone() {
        try {
            listener.onError(new AsyncEvent(call.context()));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    public int status() {
        return status;
    }

    public String header(String name) {
        return headers.get(name);
    }

    /** What the answer wrote, through its writer or its non-blocking output. */
    public String body() {
        synchronized (sent) {
            return body + sent.toString(java.nio.charset.StandardCharsets.UTF_8);
        }
    }

    /** The container's buffer size from now on (0: every answer goes through non-blocking output). */
    public void bufferSize(int bytes) {
        bufferSize = bytes;
    }

    /** How often the answer's output was flushed. */
    public int flushes() {
        return flushes.get();
    }

    /** From now on the client reads nothing: a write stays with the container, pending. */
    public void clientStopsReading() {
        clientReads = false;
    }

    /** The client takes what is pending: the container says so to the write's listener. */
    public void clientReadsAgain() throws IOException {
        clientReads = true;
        if (pending) {
            pending = false;
            writeListener.onWritePossible();
        }
    }

    /** Runs what was given to AsyncContext.start, as the container's thread would; how many. */
    public int runOnContainerThread() {
        int ran = 0;
        for (Runnable task = handedToContainer.poll(); task != null; task = handedToContainer.poll()) {
            task.run();
            ran++;
        }
        return ran;
    }

    /** Waits (bounded) until the request has completed; false if it has not within the time. */
    public boolean awaitCompleted(long millis) throws InterruptedException {
        return completed.await(millis, TimeUnit.MILLISECONDS);
    }

    public int completes() {
        return completes.get();
    }

    /** Where the request was dispatched (AsyncContext.dispatch), null if it was not. */
    public String dispatchedTo() {
        return dispatchedTo;
    }

    /** A request attribute set through the context's request. */
    public Object attribute(String name) {
        return attributes.get(name);
    }

    public int touchesAfterComplete() {
        return touchesAfterComplete.get();
    }

    @FunctionalInterface
    private interface Handler {
        Object handle(String method, Object[] args) throws Exception;
    }

    @SuppressWarnings("unchecked")
    private static <T> T proxy(Class<T> type, Handler handler) {
        return (T) Proxy.newProxyInstance(FakeAsync.class.getClassLoader(), new Class<?>[] {type},
                (proxy, method, args) -> {
                    if (method.getDeclaringClass() == Object.class) {
                        return switch (method.getName()) {
                            case "hashCode" -> System.identityHashCode(proxy);
                            case "equals" -> proxy == args[0];
                            default -> type.getSimpleName() + " stand-in";
                        };
                    }
                    return handler.handle(method.getName(), args);
                });
    }
}
