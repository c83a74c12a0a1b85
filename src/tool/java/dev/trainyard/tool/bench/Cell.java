package dev.trainyard.tool.bench;

/**
 * One measurement: an endpoint at a number of connections. {@code serviceSeconds} is the time the
 * endpoint needs per request when nothing queues (the sleep), and {@code concurrencyBound} how many
 * requests the server can hold at once in this style (threads of the pool that holds them);
 * together they give the Little's-law limit: min(connections, bound) / service time.
 */
record Cell(String label, String path, int connections, double serviceSeconds, int concurrencyBound, String trainPolicy) {

    /** Requests per second the server cannot exceed, or NaN when the work has no fixed duration. */
    double littleLimit() {
        if (serviceSeconds <= 0) {
            return Double.NaN;
        }
        return Math.min(connections, concurrencyBound) / serviceSeconds;
    }
}
