package dev.trainyard.web;

import dev.trainyard.metrics.Metrics;
import dev.trainyard.metrics.RequestThreads;
import dev.trainyard.metrics.ThreadKind;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebFilter;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Stamps every response with the kind of thread the container dispatched it on
 * (X-Trainyard-Thread: platform|virtual), so a user or a test can see which thread model a
 * server variant really runs without trusting its configuration file, and counts the container's
 * threads while they are inside the WAR (trainyard_request_threads_busy on /metrics).
 */
@WebFilter(urlPatterns = "/*", asyncSupported = true)
public class ThreadKindFilter extends HttpFilter {

    public static final String HEADER = "X-Trainyard-Thread";

    private RequestThreads threads;

    @Override
    public void init() {
        threads = Metrics.of(getServletContext()).requestThreads();
    }

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        boolean virtual = ThreadKind.isVirtual(Thread.currentThread());
        response.setHeader(HEADER, virtual ? "virtual" : "platform");
        AtomicInteger busy = threads.enter(virtual);
        try {
            chain.doFilter(request, response);
        } finally {
            busy.decrementAndGet();
        }
    }
}
