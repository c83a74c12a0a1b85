package dev.trainyard.data.r2dbc;

import dev.trainyard.data.ProductPages;
import dev.trainyard.data.ProductRow;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.reactivestreams.Subscription;
import reactor.core.publisher.BaseSubscriber;
import reactor.core.publisher.Flux;

/**
 * Pages of one R2DBC stream: each {@link #next} requests exactly that many rows of the cursor, and
 * nothing more is asked for until the writer asks again. The rows arrive on the driver's event
 * loop; the page completes there. {@link #close} cancels the stream, which puts its connection
 * back in the pool.
 */
public final class R2dbcProductPages extends BaseSubscriber<ProductRow> implements ProductPages {

    private final Flux<ProductRow> rows;
    private boolean subscribed;
    private boolean completed;
    private Throwable failed;
    private int asked;
    private List<ProductRow> page;
    private CompletableFuture<List<ProductRow>> pending;

    R2dbcProductPages(Flux<ProductRow> rows) {
        this.rows = rows;
    }

    @Override
    public CompletableFuture<List<ProductRow>> next(int afterId, int limit) {
        CompletableFuture<List<ProductRow>> next = new CompletableFuture<>();
        boolean subscribe;
        synchronized (this) {
            if (pending != null) {
                throw new IllegalStateException("a page is asked for already");
            }
            if (failed != null) {
                next.completeExceptionally(failed);
                return next;
            }
            if (completed || limit == 0) {
                next.complete(List.of());
                return next;
            }
            asked = limit;
            page = new ArrayList<>(limit);
            pending = next;
            subscribe = !subscribed;
            subscribed = true;
        }
        if (subscribe) {
            rows.subscribe(this);
        } else {
            request(limit);
        }
        return next;
    }

    @Override
    protected void hookOnSubscribe(Subscription subscription) {
        int first;
        synchronized (this) {
            first = asked;
        }
        subscription.request(first);
    }

    @Override
    protected void hookOnNext(ProductRow row) {
        CompletableFuture<List<ProductRow>> done = null;
        List<ProductRow> full = null;
        synchronized (this) {
            page.add(row);
            if (page.size() == asked) {
                done = pending;
                full = page;
                pending = null;
                page = null;
            }
        }
        if (done != null) {
            done.complete(full);
        }
    }

    @Override
    protected void hookOnComplete() {
        CompletableFuture<List<ProductRow>> done;
        List<ProductRow> last;
        synchronized (this) {
            completed = true;
            done = pending;
            last = page;
            pending = null;
            page = null;
        }
        if (done != null) {
            done.complete(last);
        }
    }

    @Override
    protected void hookOnError(Throwable failure) {
        CompletableFuture<List<ProductRow>> done;
        synchronized (this) {
            failed = failure;
            done = pending;
            pending = null;
            page = null;
        }
        if (done != null) {
            done.completeExceptionally(failure);
        }
    }

    @Override
    public void close() {
        dispose();
    }
}
