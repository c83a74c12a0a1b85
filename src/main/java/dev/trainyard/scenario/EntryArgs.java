package dev.trainyard.scenario;

import dev.trainyard.http.Params;

/** What every entry endpoint takes: an optional {@code id}; null means a random row. */
public final class EntryArgs {

    private EntryArgs() {
    }

    public static Integer id(Params params) {
        return params.optionalInt("id", 1, Integer.MAX_VALUE).orElse(null);
    }
}
