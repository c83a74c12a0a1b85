package dev.trainyard.web;

import jakarta.servlet.http.HttpServletRequest;
import java.lang.reflect.Proxy;
import java.util.Map;

/** A request that only knows its parameters: enough to unit-test parameter validation. */
final class FakeRequest {

    private FakeRequest() {
    }

    static HttpServletRequest withParameters(Map<String, String> parameters) {
        return (HttpServletRequest) Proxy.newProxyInstance(FakeRequest.class.getClassLoader(),
                new Class<?>[] {HttpServletRequest.class}, (proxy, method, args) -> {
                    if (method.getName().equals("getParameter")) {
                        return parameters.get((String) args[0]);
                    }
                    throw new UnsupportedOperationException(method.getName());
                });
    }
}
