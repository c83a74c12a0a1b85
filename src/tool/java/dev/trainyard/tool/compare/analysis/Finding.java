package dev.trainyard.tool.compare.analysis;

import dev.trainyard.tool.compare.plan.ServerRun;

/** One of an experiment's claims checked on one server variant (or across variants, for thread models). */
public record Finding(String experiment, String claim, String where, boolean holds, String evidence) {

    /** A claim checked on one server variant's cells. */
    public Finding(String experiment, String claim, ServerRun where, boolean holds, String evidence) {
        this(experiment, claim, where.name(), holds, evidence);
    }

    public String sentence() {
        return String.format("%s on %s: %s - %s (%s).", experiment, where, claim, holds ? "holds" : "DOES NOT HOLD here", evidence);
    }
}
