package dev.trainyard.tool.compare;

import dev.trainyard.tool.run.Tuning;

/** One start of a server variant in a run: with the shared file's settings, or a sweep's tuning of them. */
record ServerRun(String server, String variant, Tuning tuning) {

    /** The variant as the report's rows name it: "platform", or "platform threads=50 pool=40". */
    String label() {
        return tuning.asConfigured() ? variant : variant + " " + tuning.label();
    }
}
