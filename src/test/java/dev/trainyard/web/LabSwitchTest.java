package dev.trainyard.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.servlet.ServletConfig;
import jakarta.servlet.ServletContext;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.reflect.Proxy;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * trainyard.lab=off closes the lab endpoints (sleeps, offload pools, uploads, /metrics) with a 404
 * in Trainyard's JSON, and leaves the services alone; the default keeps them open.
 */
class LabSwitchTest {

    /** An endpoint that answers 200 "served", lab or not. */
    private static final class Served extends Endpoint {
        private final boolean lab;

        Served(boolean lab) {
            this.lab = lab;
        }

        @Override
        protected boolean lab() {
            return lab;
        }

        @Override
        protected void handle(HttpServletRequest request, HttpServletResponse response) throws java.io.IOException {
            response.getWriter().write("served");
        }
    }

    @AfterEach
    void clear() {
        System.clearProperty("trainyard.lab");
    }

    @Test
    void offClosesTheLabEndpointsOnly() throws Exception {
        System.setProperty("trainyard.lab", "off");
        assertEquals("404 no such resource: this server's lab endpoints are off (trainyard.lab=off)", serve(new Served(true)));
        assertEquals("200 served", serve(new Served(false)));
    }

    @Test
    void theLabIsOpenByDefault() throws Exception {
        assertEquals("200 served", serve(new Served(true)));
    }

    @Test
    void aSettingThatIsNeitherOnNorOffStopsTheDeployment() {
        System.setProperty("trainyard.lab", "maybe");
        IllegalStateException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalStateException.class,
                () -> new Served(true).init(config()));
        assertTrue(e.getMessage().contains("trainyard.lab"), e.getMessage());
    }

    /** Initialises the endpoint as a container would, sends it a GET, returns "status body-or-message". */
    private static String serve(Endpoint endpoint) throws Exception {
        endpoint.init(config());
        int[] status = {200};
        StringWriter body = new StringWriter();
        HttpServletRequest request = proxy(HttpServletRequest.class, (method, args) -> switch (method) {
            case "getMethod" -> "GET";
            case "getContentLengthLong" -> -1L;
            case "getHeader" -> null;
            default -> throw new UnsupportedOperationException(method);
        });
        HttpServletResponse response = proxy(HttpServletResponse.class, (method, args) -> switch (method) {
            case "setStatus" -> {
                status[0] = (Integer) args[0];
                yield null;
            }
            case "getWriter" -> new PrintWriter(body, true);
            case "isCommitted" -> false;
            case "resetBuffer", "setContentType", "setCharacterEncoding", "setHeader" -> null;
            default -> throw new UnsupportedOperationException(method);
        });
        endpoint.service(request, response);
        String text = body.toString();
        return status[0] + " " + (text.startsWith("{") ? text.replaceAll(".*\"message\":\"([^\"]*)\".*", "$1") : text);
    }

    private static ServletConfig config() {
        Map<String, Object> attributes = new ConcurrentHashMap<>();
        ServletContext context = proxy(ServletContext.class, (method, args) -> switch (method) {
            case "getAttribute" -> attributes.get((String) args[0]);
            case "setAttribute" -> {
                attributes.put((String) args[0], args[1]);
                yield null;
            }
            case "log" -> null;
            default -> throw new UnsupportedOperationException(method);
        });
        return proxy(ServletConfig.class, (method, args) -> switch (method) {
            case "getServletContext" -> context;
            case "getServletName" -> "test";
            case "getInitParameter" -> null;
            default -> throw new UnsupportedOperationException(method);
        });
    }

    @FunctionalInterface
    private interface Handler {
        Object handle(String method, Object[] args);
    }

    @SuppressWarnings("unchecked")
    private static <T> T proxy(Class<T> type, Handler handler) {
        return (T) Proxy.newProxyInstance(LabSwitchTest.class.getClassLoader(), new Class<?>[] {type},
                (p, method, args) -> method.getDeclaringClass() == Object.class
                        ? (method.getName().equals("hashCode") ? System.identityHashCode(p) : method.getName().equals("equals") ? p == args[0] : "stand-in")
                        : handler.handle(method.getName(), args));
    }
}
