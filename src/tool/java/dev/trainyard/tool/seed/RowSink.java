package dev.trainyard.tool.seed;

import java.io.IOException;

/** Where generated rows go: a COPY stream when seeding, a list in unit tests. */
@FunctionalInterface
public interface RowSink {

    void row(Object... values) throws IOException;
}
