package dev.trainyard.http;

import jakarta.servlet.http.HttpServletRequest;
import java.lang.reflect.Proxy;
import java.util.Map;

/** A request that only knows its parameters: enough to unit-test parameter validation. */
final class FakeRequest {

    private FakeRequest() {
    }

    static HttpServletRequest withParameters(Map<String, String> parameters) {
        Map<String, String[]> values = new java.util.HashMap<>();
        parameters.forEach((name, value) -> values.put(name, new String[] {value}));
        return withValues(values);
    }

    /** Every value of each parameter, as a query string may repeat one (?id=1&amp;id=2). */
    static HttpServletRequest withValues(Map<String, String[]> parameters) {
        return (HttpServletRequest) Proxy.newProxyInstance(FakeRequest.class.getClassLoader(),
                new Class<?>[] {HttpServletRequest.class}, (proxy, method, args) -> {
                    String[] values = args == null ? null : parameters.get((String) args[0]);
                    return switch (method.getName()) {
                        case "getParameter" -> values == null ? null : values[0];
                        case "getParameterValues" -> values;
                        default -> throw new UnsupportedOperationException(method.getName());
                    };
                });
    }
}
