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

    /** The query string these parameters came from, each name and value percent-encoded as UTF-8. */
    private static String query(Map<String, String[]> parameters) {
        java.util.List<String> pairs = new java.util.ArrayList<>();
        parameters.forEach((name, values) -> {
            for (String value : values) {
                pairs.add(java.net.URLEncoder.encode(name, java.nio.charset.StandardCharsets.UTF_8) + "="
                        + java.net.URLEncoder.encode(value, java.nio.charset.StandardCharsets.UTF_8));
            }
        });
        return pairs.isEmpty() ? null : String.join("&", pairs);
    }

    /** Every value of each parameter, as a query string may repeat one (?id=1&amp;id=2). */
    static HttpServletRequest withValues(Map<String, String[]> parameters) {
        return withQuery(query(parameters), parameters);
    }

    /** A query string as a client sent it, and the parameters the container made of it. */
    static HttpServletRequest withQuery(String query, Map<String, String[]> parameters) {
        return (HttpServletRequest) Proxy.newProxyInstance(FakeRequest.class.getClassLoader(),
                new Class<?>[] {HttpServletRequest.class}, (proxy, method, args) -> {
                    String[] values = args == null ? null : parameters.get((String) args[0]);
                    return switch (method.getName()) {
                        case "getParameter" -> values == null ? null : values[0];
                        case "getParameterValues" -> values;
                        case "getQueryString" -> query;
                        default -> throw new UnsupportedOperationException(method.getName());
                    };
                });
    }
}
