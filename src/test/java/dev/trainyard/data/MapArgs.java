package dev.trainyard.data;

import java.time.LocalDate;
import java.util.List;
import java.util.Map;

/** QueryArgs over a map, for running store queries without a request. */
record MapArgs(Map<String, String> values) implements QueryArgs {

    static MapArgs of(String... pairs) {
        java.util.HashMap<String, String> map = new java.util.HashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            map.put(pairs[i], pairs[i + 1]);
        }
        return new MapArgs(map);
    }

    @Override
    public int intArg(String name, int min, int max) {
        int value = Integer.parseInt(require(name));
        if (value < min || value > max) {
            throw invalid(name + " out of range");
        }
        return value;
    }

    @Override
    public String choiceArg(String name, List<String> allowed) {
        String value = require(name);
        if (!allowed.contains(value)) {
            throw invalid(name + " not allowed");
        }
        return value;
    }

    @Override
    public LocalDate dateArg(String name, LocalDate min, LocalDate max) {
        return LocalDate.parse(require(name));
    }

    @Override
    public RuntimeException invalid(String message) {
        return new IllegalArgumentException(message);
    }

    private String require(String name) {
        String value = values.get(name);
        if (value == null) {
            throw invalid(name + " missing");
        }
        return value;
    }
}
