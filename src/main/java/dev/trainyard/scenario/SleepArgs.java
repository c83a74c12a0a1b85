package dev.trainyard.scenario;

import dev.trainyard.http.Params;

/** What every sleep endpoint takes: {@code ms}, how long the simulated I/O lasts. */
public final class SleepArgs {

    public static final int MAX_MS = 60_000;
    public static final int DEFAULT_MS = 200;

    private SleepArgs() {
    }

    public static int ms(Params params) {
        return params.optionalInt("ms", 0, MAX_MS).orElse(DEFAULT_MS);
    }
}
