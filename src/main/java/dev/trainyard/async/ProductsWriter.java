package dev.trainyard.async;

import dev.trainyard.answer.AsyncCall;
import dev.trainyard.data.DataUnavailableException;
import dev.trainyard.data.ProductPages;
import dev.trainyard.data.ProductRow;
import dev.trainyard.http.JsonOut;
import jakarta.json.stream.JsonGenerator;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Streams the products through Servlet 3.1 non-blocking output. It writes only while
 * {@code isReady()} says the container can take more, and stops the moment it says no; the
 * container calls {@link #onWritePossible()} again when the socket drains. That is the cure for
 * "write-spin" (experiment E1 store): no thread loops on a full socket buffer, and a slow reader
 * costs no thread at all.
 *
 * <p>Data comes in pages from a {@link ProductPages}: keyset queries on JDBC, or demand on one
 * R2DBC cursor. The first page is read before the response goes non-blocking, so that a database
 * that fails at once is answered with the usual JSON error (503), written the usual way on every
 * server; after that a failure can only cut the stream short. Exactly one party writes at a time:
 * the container, after isReady() returned false; or the page's task, after the writer ran out of
 * data (isReady() was still true, so the container will not call back). The bytes equal
 * /blocking/products': same rows, same JSON.
 */
final class ProductsWriter implements WriteListener {

    private static final Logger LOG = Logger.getLogger(ProductsWriter.class.getName());
    private final AsyncCall call;
    private final ServletOutputStream out;
    private final ProductPages pages;
    private final Executor answerOn;
    private final ScheduledExecutorService scheduler;
    private final long pageTimeoutMillis;
    private final int pageSize;

    private volatile int remaining;
    private volatile int lastId;
    private volatile boolean opened;
    private volatile boolean finished;
    private volatile byte[] chunk;
    private volatile int offset;
    private volatile int end;
    /** Sizes each page's buffer from the last page's rows: rarely grown, little slack held. */
    private volatile int bytesPerRow = 256;
    /** When the stream began to wait for its reader (isReady() said no); 0 while it does not. */
    private volatile long readerWaitSince;
    private volatile ScheduledFuture<?> watchdog;

    private ProductsWriter(AsyncCall call, ServletOutputStream out, ProductPages pages, Executor answerOn,
                           ScheduledExecutorService scheduler, long pageTimeoutMillis, int count, int pageSize) {
        this.call = call;
        this.out = out;
        this.pages = pages;
        this.answerOn = answerOn;
        this.scheduler = scheduler;
        this.pageTimeoutMillis = pageTimeoutMillis;
        this.remaining = count;
        this.pageSize = pageSize;
    }

    /**
     * Streams {@code count} products as the answer of a call claimed for its stream: reads the
     * first page, then hands the response to a WriteListener that writes what the reader takes and
     * asks for the next page when it has written the last and the container can take more. Pages
     * are taken on {@code answerOn} (a container thread, where the source answers on a thread of
     * its own). A stream whose reader takes nothing for the stall bound is cut, and a page the
     * source does not deliver within a query's run budget fails the stream.
     */
    static void start(AsyncCall call, ProductPages pages, Executor answerOn, int count, AsyncRequests requests) {
        call.onEnd(pages::close);
        int asked = Math.min(requests.pageSize(), count);
        ScheduledExecutorService scheduler = requests.executors().scheduler();
        long pageTimeoutMillis = requests.db().runBudgetMillis();
        within(pages.next(0, asked), scheduler, pageTimeoutMillis).whenComplete((first, failure) -> onThread(call, answerOn, () -> {
            if (failure != null) {
                call.fail(cause(failure));
                return;
            }
            ProductsWriter[] ready = new ProductsWriter[1];
            call.whileOpen(() -> {
                try {
                    ServletOutputStream out = call.response().getOutputStream();
                    ready[0] = new ProductsWriter(call, out, pages, answerOn, scheduler, pageTimeoutMillis, count, requests.pageSize());
                    ready[0].accept(first, asked);
                } catch (IOException | RuntimeException e) {
                    LOG.log(Level.FINE, "/async/products could not start its stream", e);
                    call.end();
                }
            });
            if (ready[0] != null) {
                ready[0].hand(scheduler, requests.streamStallMillis());
            }
        }));
    }

    /** The page, or a failure once the bound has passed without it. */
    private static <T> CompletableFuture<T> within(CompletableFuture<T> page, ScheduledExecutorService scheduler, long millis) {
        ScheduledFuture<?> timeout = scheduler.schedule(() -> page.completeExceptionally(
                new DataUnavailableException("the database did not answer in time", null)), millis, TimeUnit.MILLISECONDS);
        page.whenComplete((rows, failure) -> timeout.cancel(false));
        return page;
    }

    /** What a page failed with, as the data layer raised it (a 503 for the client, a reason for the log). */
    private static RuntimeException cause(Throwable failure) {
        Throwable cause = failure instanceof CompletionException wrapped && wrapped.getCause() != null ? wrapped.getCause() : failure;
        return cause instanceof RuntimeException e ? e : new DataUnavailableException("database unavailable", cause);
    }

    /** Runs {@code step} on {@code thread}; a call that ended meanwhile has no container thread to give, and needs none. */
    private static void onThread(AsyncCall call, Executor thread, Runnable step) {
        try {
            thread.execute(step);
        } catch (IllegalStateException | RejectedExecutionException ended) {
            LOG.log(Level.FINE, "/async/products: the request ended before its page arrived", ended);
            call.end();
        }
    }

    /**
     * Hands the response to the container, outside the call's lock: called from this (non-container)
     * thread, Tomcat 10.1's setWriteListener takes the connection's lock to dispatch the first
     * onWritePossible, and a container thread holding that lock may already be in onWritePossible,
     * waiting for the call's. Holding both, they deadlocked: the request was never answered, and
     * the stall watchdog, stuck on the same call, stopped watching every stream. Only the
     * container touches the response meanwhile: an end (timeout, client gone) completes it, and
     * setWriteListener on a completed request fails, which ends nothing twice.
     */
    private void hand(ScheduledExecutorService scheduler, long stallMillis) {
        watch(scheduler, stallMillis);
        try {
            out.setWriteListener(this);
        } catch (RuntimeException e) {
            LOG.log(Level.FINE, "/async/products could not start its stream", e);
            call.end();
        }
    }

    /**
     * Ends the stream if its reader takes nothing for stallMillis. A reader that vanished while a
     * page was being fetched can leave the container with a pending write it never reports back
     * (Tomcat 10.1: neither onWritePossible nor onError follows), which would hold the request
     * open until the stream's long timeout. Only waits for the reader count: a page query that is
     * slow is the database's, bounded by its statement timeout and answered as a database failure.
     * Checked at a quarter of the bound, on the scheduler.
     */
    private void watch(ScheduledExecutorService scheduler, long stallMillis) {
        long every = Math.max(250, stallMillis / 4);
        watchdog = scheduler.scheduleWithFixedDelay(() -> {
            if (call.ended()) {
                watchdog.cancel(false);
            } else if (readerWaitSince != 0 && System.nanoTime() - readerWaitSince > TimeUnit.MILLISECONDS.toNanos(stallMillis)) {
                call.cut("/async/products: the reader took nothing for " + stallMillis + " ms after " + lastId
                        + " products; it is gone or stuck");
                watchdog.cancel(false);
            }
        }, every, every, TimeUnit.MILLISECONDS);
    }

    @Override
    public void onWritePossible() {
        readerWaitSince = 0;
        pump();
    }

    @Override
    public void onError(Throwable t) {
        LOG.log(Level.FINE, "client went away during /async/products", t);
        call.end();
    }

    /**
     * Writes what is ready, holding the call's right to the response: once the stream has ended
     * (its timeout, a stall, the client gone), nothing here touches the response again, since the
     * container may already have given it to another request.
     */
    private void pump() {
        call.whileOpen(this::pumpOpen);
    }

    private void pumpOpen() {
        try {
            while (true) {
                byte[] current = chunk;
                if (current != null && offset < end) {
                    if (!out.isReady()) {
                        waitForReader();
                        return;
                    }
                    // The whole page in one write: the container sends what the socket takes and
                    // keeps the rest, and isReady() turns false until it has drained. Every write
                    // that fills the socket costs a round through the container's poller and a
                    // container thread, so fewer, larger writes cost less CPU per MB than small
                    // ones (the products cost plan measures it).
                    int from = offset;
                    offset = end;
                    out.write(current, from, end - from);
                    continue;
                }
                if (finished) {
                    // Complete only once isReady() says the container has sent all it was given:
                    // on Tomcat 10.1 a write-possible event that meets a completing request fails
                    // ("Calling [asyncOperation()] is not valid ... COMPLETING" in the log) and a
                    // slow reader receives a damaged stream. If not yet, onWritePossible comes
                    // back here when it is.
                    if (!out.isReady()) {
                        waitForReader();
                        return;
                    }
                    call.end();
                    return;
                }
                // The next page only when the container can take it: a reader that stops reading
                // stops the source too, and the stream holds one page at most.
                if (!out.isReady()) {
                    waitForReader();
                    return;
                }
                fetchNextPage();
                return;
            }
        } catch (IOException | RuntimeException e) {
            // The client left, or the container ended the request.
            LOG.log(Level.FINE, "/async/products ended by the container or the client", e);
            call.end();
        }
    }

    private void waitForReader() {
        if (readerWaitSince == 0) {
            readerWaitSince = System.nanoTime();
        }
    }

    private void fetchNextPage() {
        int asked = Math.min(pageSize, remaining);
        within(pages.next(lastId, asked), scheduler, pageTimeoutMillis).whenComplete((page, failure) -> onThread(call, answerOn, () -> {
            if (failure != null) {
                call.cut("/async/products failed after " + lastId + " products: " + cause(failure));
                return;
            }
            accept(page, asked);
            pump();
        }));
    }

    /** Takes a page that was asked for {@code asked} rows as the next chunk to write. */
    private void accept(List<ProductRow> page, int asked) {
        boolean last = page.size() < asked || remaining - page.size() == 0;
        encode(page, last);
        if (!page.isEmpty()) {
            lastId = page.get(page.size() - 1).id();
        }
        remaining -= page.size();
        finished = last;
    }

    /**
     * Encodes the page's objects, framed so that the pages concatenate to one JSON array: the
     * generator writes the page as an array, whose brackets are swapped for the framing in place.
     * Sets chunk, offset and end for the next writes. Each page gets a fresh array, never a
     * reused one: a container may keep a reference to the bytes of a non-blocking write until the
     * socket has taken them, well after write() returned.
     */
    private void encode(List<ProductRow> page, boolean last) {
        Buffer bytes = new Buffer(page.size() * bytesPerRow + 2);
        try (JsonGenerator json = JsonOut.generator(new OutputStreamWriter(bytes, StandardCharsets.UTF_8))) {
            json.writeStartArray();
            for (ProductRow row : page) {
                JsonOut.product(json, row);
            }
            json.writeEnd();
        }
        if (!page.isEmpty()) {
            bytesPerRow = bytes.size() / page.size() + 16;
        }
        byte[] array = bytes.array();
        int start = 0;
        if (!opened) {
            opened = true;          // keeps the '[' that opens the whole stream
        } else if (bytes.size() > 2) {
            array[0] = ',';         // joins this page's objects to the previous page's
        } else {
            start = 1;              // an empty last page adds only the closing ']'
        }
        end = last ? bytes.size() : bytes.size() - 1;
        offset = start;
        chunk = array;
    }

    /** A ByteArrayOutputStream whose array can be read without another copy. */
    private static final class Buffer extends ByteArrayOutputStream {
        Buffer(int size) {
            super(size);
        }

        byte[] array() {
            return buf;
        }
    }

}
