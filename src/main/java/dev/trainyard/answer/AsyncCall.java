package dev.trainyard.answer;

import dev.trainyard.http.Problems;
import jakarta.servlet.AsyncContext;
import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * One async request from startAsync() to complete(), answered exactly once: the one answer core of
 * the async style and the Train. Its state only moves forward:
 * <ul>
 * <li>WAITING: queued for a thread or a departure; nothing of it has run;</li>
 * <li>RUNNING: its work was claimed and may have reached the database;</li>
 * <li>ANSWERED: somebody answered it and completed the request.</li>
 * </ul>
 * Whoever moves it to ANSWERED first answers, and only they touch the response: the work, its
 * timeout, the client's disconnection, a refusal (full queue, shutdown). A timeout answers a
 * WAITING request 503 with Retry-After (never run, safe to retry) and a RUNNING one 504 (its
 * outcome is unknown); the work's late result is then dropped. An answer is rendered whole under
 * this object's lock, so a timeout that loses the race waits for the winner instead of letting the
 * container answer with its own error page, and nothing ever writes to a request that has
 * completed (containers recycle them).
 *
 * <p>The thread that answers (a database thread, a scheduler) does not write to the client: the
 * rendered bytes, their length declared, go into the container's buffer when they fit, and the
 * container sends them as the request completes; a larger answer is handed to the container's
 * non-blocking output ({@link AnswerWrite}) and the call completes once it is out. A client that
 * pipelines requests and never reads their answers so holds a connection, not a thread of ours;
 * an answer it has not taken after the stall bound has its connection aborted (framed by its
 * length, a cut answer never looks whole). A call made non-blocking from its start
 * ({@link #sendsWithoutBlocking}, the Train) has every answer pushed out by the thread that gives
 * it, without blocking. An answer given inside the container's own timeout callback is written
 * there, since that callback must end the request before it returns.
 */
public final class AsyncCall implements AsyncListener {

    private static final Logger LOG = Logger.getLogger(AsyncCall.class.getName());

    /** What answering does: writes the response (its failures become their JSON answers). */
    @FunctionalInterface
    public interface Answer {
        void write(HttpServletResponse response) throws IOException;
    }

    private enum State { WAITING, RUNNING, ANSWERED }

    private final AsyncContext context;
    private final HttpServletResponse response;
    private final OpenCalls calls;
    private final long timeoutMillis;
    private final long deadlineNanos;
    private final RequestEnd requestEnd;
    private State state = State.WAITING;
    private boolean stream;
    /** An answer rendered and not yet handed to the container; taken by whoever sends it. */
    private AnswerBuffer.Bytes rendered;
    /** The answer handed to the container, until it is out; from the start for a non-blocking call. */
    private volatile AnswerWrite sending;

    private AsyncCall(AsyncContext context, HttpServletResponse response, OpenCalls calls, long timeoutMillis) {
        this.context = context;
        this.response = response;
        this.calls = calls;
        this.timeoutMillis = timeoutMillis;
        this.deadlineNanos = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
        this.requestEnd = new RequestEnd(context, calls, this);
    }

    /** Starts async processing with a timeout; the call counts as open until it completes. */
    public static AsyncCall start(HttpServletRequest request, HttpServletResponse response, OpenCalls calls, long timeoutMillis) {
        AsyncContext context = request.startAsync(request, response);
        context.setTimeout(timeoutMillis);
        AsyncCall call = new AsyncCall(context, response, calls, timeoutMillis);
        context.addListener(call);
        calls.opened(call);
        return call;
    }

    public AsyncContext context() {
        return context;
    }

    /**
     * Runs {@code work} on a container thread ({@code AsyncContext.start}), for results that arrive
     * on a thread of their own (a driver's event loop). The thread runs it with the WAR's class
     * loader: GlassFish 7 reuses the threads of start() across deployments with the context class
     * loader of the one that made them, closed after its undeploy, and whatever looked up a
     * service (the JSON provider) failed there. A call that has completed has no thread to give:
     * {@code IllegalStateException}.
     */
    public void onContainerThread(Runnable work) {
        ClassLoader war = AsyncCall.class.getClassLoader();
        context.start(() -> {
            Thread thread = Thread.currentThread();
            ClassLoader before = thread.getContextClassLoader();
            thread.setContextClassLoader(war);
            try {
                work.run();
            } finally {
                thread.setContextClassLoader(before);
            }
        });
    }

    /** The response, for a stream's writer: touch it only inside {@link #whileOpen}. */
    public HttpServletResponse response() {
        return response;
    }

    /** Claims the call for its work: false if it was answered already (the work must not run). */
    public synchronized boolean claim() {
        if (state != State.WAITING) {
            return false;
        }
        state = State.RUNNING;
        return true;
    }

    /**
     * Claims the call only if at least {@code runBudgetMillis} are left before its timeout, so that
     * work which started is answered by its own result, not by a 504; with less time left it is
     * refused 503 without running. False when it must not run.
     */
    public boolean claim(long runBudgetMillis) {
        long leftMillis = TimeUnit.NANOSECONDS.toMillis(deadlineNanos - System.nanoTime());
        if (leftMillis < runBudgetMillis) {
            calls.notRun.increment();
            refuse(503, "waited too long for a thread: " + leftMillis + " ms were left of " + timeoutMillis
                    + " ms, the work may need " + runBudgetMillis + " ms; not run");
            return false;
        }
        return claim();
    }

    /** Claims the call for a whole stream: its timeout or a stall can only cut it short. */
    public synchronized void claimStream() {
        state = State.RUNNING;
        stream = true;
    }

    /**
     * Answers (from WAITING or RUNNING) and completes once the answer is out, unless somebody
     * answered first, in which case the response is not touched and the answer is dropped. Call it
     * without holding this call's lock: handing the answer to the container may take the
     * connection's lock, which a container thread may hold while it waits for this one's.
     */
    public void answer(Answer answer) {
        if (renderIf(null, answer)) {
            hand();
        }
    }

    /**
     * Makes the response's output non-blocking now, on the container thread that started the call
     * and before its work can answer: every answer is then written and flushed by the thread that
     * gives it, without blocking, and what the socket does not take waits with the container (the
     * call completes once it is out, or is cut after the stall bound). For the Train's workers:
     * their answers on the wire before the container sees the completion spare a poller round trip
     * per request (left in the container's buffer for the completion to send, the Train served
     * fewer requests under load on Tomcat), and a client that pipelines requests and reads none of
     * their answers can hold no worker in a flush.
     */
    public void sendsWithoutBlocking() throws IOException {
        AnswerWrite write = AnswerWrite.early(this, response.getOutputStream());
        synchronized (this) {
            sending = write;
        }
        write.register();
        // An answer given before the output was non-blocking waited for it.
        if (write.pushNow()) {
            complete();
        }
    }

    /**
     * Renders {@code answer} if the call is still open (and, when {@code only} is given, in that
     * state). One that fits the container's buffer, unless the call is non-blocking, is written
     * into it and the request completed, all under this lock, so a timeout that loses the race
     * finds the call complete; any other waits to be handed over ({@link #hand}). True when it
     * answered.
     */
    private synchronized boolean renderIf(State only, Answer answer) {
        if (state == State.ANSWERED || only != null && state != only) {
            return false;
        }
        state = State.ANSWERED;
        AnswerBuffer.Bytes body = AnswerBuffer.render(response, answer);
        if (sending != null || body.length() >= response.getBufferSize()) {
            rendered = body;
            return true;
        }
        try {
            // Into the container's buffer, which sends it as the request completes: no write
            // reaches the socket on this thread.
            response.getOutputStream().write(body.array(), 0, body.length());
        } catch (IOException | RuntimeException e) {
            LOG.log(Level.FINE, "client went away during an async answer", e);
        } finally {
            complete();
        }
        return true;
    }

    /**
     * Hands a rendered answer to the non-blocking output, outside this call's lock (Tomcat's
     * setWriteListener and writes take the connection's lock, which a container thread may hold
     * while it waits for this one's), unless the timeout took it first: a non-blocking call's is
     * pushed out from here, a larger one's registered for the container to send.
     */
    private void hand() {
        AnswerWrite write = takeRendered();
        if (write == null) {
            return;
        }
        try {
            if (!write.early()) {
                write.register();
            } else if (write.pushNow()) {
                complete();
            }
        } catch (IOException | RuntimeException e) {
            // The container ended the request meanwhile (the client gone, its timeout's abort).
            LOG.log(Level.FINE, "an async answer could not be handed to the container", e);
            complete();
        }
    }

    /** The rendered answer, as the write that will send it, seen by the timeout from now on; null if taken. */
    private synchronized AnswerWrite takeRendered() {
        if (rendered == null) {
            return null;
        }
        try {
            if (sending == null) {
                sending = AnswerWrite.of(this, response.getOutputStream(), rendered);
            } else {
                sending.take(rendered);
            }
        } catch (IOException | RuntimeException e) {
            LOG.log(Level.FINE, "an async answer could not be handed to the container", e);
            complete();
        } finally {
            rendered = null;
        }
        return sending;
    }

    /** The container has taken the whole answer: the call ends. */
    void sent() {
        complete();
    }

    /**
     * The answer's write failed (the client went away, the container gave up on the connection):
     * nothing more can reach the client, so the request ends as it stands.
     */
    void unsent(Throwable why) {
        LOG.log(Level.FINE, "client went away during an async answer", why);
        complete();
    }

    /** Answers with the JSON of a failure the work raised (400, 404, 503, 504 ...). */
    public void fail(RuntimeException failure) {
        answer(response -> {
            throw failure;
        });
    }

    /**
     * Refuses a call whose work has not started (full queue, missed departure, shutdown): 503 with
     * Retry-After, so the client may safely retry. False, and nothing written, once the work has
     * started or the call was answered.
     */
    public boolean refuse(int status, String message) {
        if (!renderIf(State.WAITING, refusal(status, message))) {
            return false;
        }
        hand();
        return true;
    }

    private static Answer refusal(int status, String message) {
        return out -> {
            out.setHeader("Retry-After", "1");
            Problems.send(out, status, message);
        };
    }

    /** Gives up on a running call (shutdown): 504, its outcome is unknown; a stream is cut where it is. */
    void abandon(String why) {
        synchronized (this) {
            if (state != State.RUNNING) {
                return;
            }
            if (stream) {
                cut(why);
                return;
            }
            calls.unknown.increment();
        }
        answer(out -> Problems.send(out, 504, why + "; its outcome is unknown"));
    }

    /**
     * Runs {@code touch} (a stream's write) with the right to the response, if the call is still
     * open; false when it has ended (the stream must stop: its request may already serve another).
     */
    public synchronized boolean whileOpen(Runnable touch) {
        if (state == State.ANSWERED) {
            return false;
        }
        touch.run();
        return true;
    }

    /**
     * Runs {@code release} once the call has ended, however it ended (answered, cut short, timed out,
     * the client gone): a stream lets go of what it holds, such as its database cursor. It may run
     * twice when the call ends while it is being set.
     */
    public void onEnd(Runnable release) {
        requestEnd.onEnd(release);
    }

    /** Ends the request as it stands (a stream finished or cut short), once. */
    public synchronized void end() {
        if (state != State.ANSWERED) {
            state = State.ANSWERED;
            complete();
        }
    }

    public synchronized boolean ended() {
        return state == State.ANSWERED;
    }

    synchronized boolean running() {
        return state == State.RUNNING;
    }

    /**
     * Ends a stream short (its reader stalled, its database failed, its time ran out), counted with
     * the cut streams: its connection is aborted, never ended as if the answer were whole
     * ({@link CutShort}). Once.
     */
    public synchronized void cut(String why) {
        if (state != State.ANSWERED) {
            state = State.ANSWERED;
            LOG.warning(why + "; response cut short, its connection aborted");
            requestEnd.abort(why);
        }
    }

    /** The answer was handed but the client has not taken all of it yet: watched from now on. */
    void waitsForClient() {
        calls.unread(this);
    }

    /**
     * An answer its client has not taken for the stall bound: its connection is aborted, as a
     * stalled stream's is. GlassFish 7 calls no onTimeout for a request whose answer waits in
     * non-blocking output and keeps it open as long as the client reads nothing; Tomcat 10.1 and
     * Jetty 12 end it only at their idle timeout. Not under this call's lock: the dispatch may take
     * the connection's.
     */
    void overdue(long stallMillis) {
        if (!requestEnd.ended()) {
            requestEnd.abort("its answer was not taken by its client for " + stallMillis + " ms");
        }
    }

    /**
     * Returning without complete() or a dispatch would let the container answer with its own page,
     * so every branch ends the request here: its answer is written on this container thread (the
     * callback must end the request before it returns), or the answer already handed is finished
     * if the client takes it now, or its connection aborted if not.
     */
    @Override
    public synchronized void onTimeout(AsyncEvent event) throws IOException {
        requestEnd.tellHandedOver();
        switch (state) {
            case WAITING -> {
                calls.notRun.increment();
                answerHere(refusal(503, "timed out after " + timeoutMillis + " ms waiting for a thread; not run"));
            }
            case RUNNING -> {
                if (stream) {
                    cut("stream timed out after " + timeoutMillis + " ms");
                } else {
                    calls.unknown.increment();
                    answerHere(out -> Problems.send(out, 504, "timed out after " + timeoutMillis
                            + " ms while its work was running; its outcome is unknown"));
                }
            }
            case ANSWERED -> finishAtTimeout();
        }
    }

    /** Inside the container's timeout callback: the answer rendered and written on its thread. */
    private void answerHere(Answer answer) throws IOException {
        state = State.ANSWERED;
        rendered = AnswerBuffer.render(response, answer);
        finishAtTimeout();
    }

    /**
     * An answered call the timeout found not yet complete: rendered and not handed (its worker is a
     * moment behind), written here; handed, and the client takes the rest now, complete; else the
     * client has not taken it for the whole timeout, and its connection is aborted.
     */
    private void finishAtTimeout() throws IOException {
        AnswerBuffer.Bytes body = rendered;
        rendered = null;
        if (body != null && sending != null) {
            // Non-blocking from the start: pushed out as any of its answers.
            sending.take(body);
        } else if (body != null) {
            try {
                response.getOutputStream().write(body.array(), 0, body.length());
            } finally {
                complete();
            }
            return;
        }
        AnswerWrite write = sending;
        if (write == null || requestEnd.ended()) {
            return;
        }
        if (write.registered() && write.pushNow()) {
            complete();
        } else {
            // Not taken by the client for the whole timeout, or not yet handed over by its
            // worker: either way it cannot be finished here.
            requestEnd.abort("its answer was not out when its " + timeoutMillis + " ms ran out");
        }
    }

    @Override
    public synchronized void onError(AsyncEvent event) {
        // The client went away: a waiting call will never run, a running one's result is dropped,
        // an answer on its way ends where it is.
        requestEnd.tellHandedOver();
        if (state != State.ANSWERED) {
            calls.clientGone.increment();
            state = State.ANSWERED;
            complete();
        } else if (sending != null) {
            complete();
        }
    }

    @Override
    public void onComplete(AsyncEvent event) {
        requestEnd.overForTheContainer();
        requestEnd.closed();
    }

    @Override
    public void onStartAsync(AsyncEvent event) {
        // Never re-started.
    }

    /** Completes the request, once ({@link RequestEnd}). */
    private void complete() {
        requestEnd.complete();
    }
}
