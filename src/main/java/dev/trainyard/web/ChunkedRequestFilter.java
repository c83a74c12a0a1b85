package dev.trainyard.web;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebFilter;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/**
 * Closes the connection after answering a request that came with a Transfer-Encoding. A request
 * that gives a Content-Length too can be read two ways, and RFC 9112 (section 6.3) asks a server
 * that serves it to close the connection after its answer: GlassFish frames it by its chunks,
 * keeps the connection, and takes the bytes after the chunks as a request of its own, which behind
 * a proxy that frames by the length is a request smuggled past the proxy. GlassFish drops the
 * Content-Length before the WAR sees the request, so every chunked request is closed after: a
 * chunked body is an upload's, and an upload's connection is worth little next to its body.
 * (Tomcat closes such a connection itself, and Jetty refuses the request.)
 */
@WebFilter(urlPatterns = "/*", asyncSupported = true)
public class ChunkedRequestFilter extends HttpFilter {

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        if (request.getHeader("Transfer-Encoding") != null) {
            response.setHeader("Connection", "close");
        }
        chain.doFilter(request, response);
    }
}
