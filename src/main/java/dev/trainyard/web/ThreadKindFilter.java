package dev.trainyard.web;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebFilter;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/**
 * Stamps every response with the kind of thread the container dispatched it on
 * (X-Trainyard-Thread: platform|virtual), so a user or a test can see which thread model a
 * server variant really runs without trusting its configuration file.
 */
@WebFilter(urlPatterns = "/*", asyncSupported = true)
public class ThreadKindFilter extends HttpFilter {

    public static final String HEADER = "X-Trainyard-Thread";

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        response.setHeader(HEADER, ThreadKind.current());
        chain.doFilter(request, response);
    }
}
