package dev.trainyard.async;

import dev.trainyard.answer.AsyncCall;
import dev.trainyard.data.ProductPages;
import dev.trainyard.http.JsonOut;
import dev.trainyard.http.Params;
import dev.trainyard.scenario.ProductsArgs;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.concurrent.Executor;

/** What both async products endpoints do: go async for the whole stream and hand it to a {@link ProductsWriter}. */
public abstract class ProductsEndpoint extends AsyncEndpoint {

    /** The first {@code count} products, a page at a time. */
    protected abstract ProductPages pages(int count);

    /** Where a page is taken once it arrived: the thread that read it, or a container thread. */
    protected abstract Executor answerOn(AsyncCall call);

    @Override
    protected void handle(HttpServletRequest request, HttpServletResponse response) throws IOException {
        int count = ProductsArgs.count(new Params(request));
        AsyncCall call = begin(request, response, requests.streamTimeoutMillis());
        // Claimed for the whole stream: its timeout can only cut it short, never answer twice.
        call.claimStream();
        response.setContentType(JsonOut.CONTENT_TYPE);
        ProductsWriter.start(call, pages(count), answerOn(call), count, requests);
    }
}
