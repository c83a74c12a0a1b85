package dev.trainyard.tool.compare.analysis;

import dev.trainyard.tool.compare.jvm.WaitSite;
import dev.trainyard.tool.compare.jvm.WaitSites;
import dev.trainyard.tool.compare.plan.Bound;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Why a cell ran as it did, from what was measured while it ran: where most of the threads doing
 * the WAR's work waited when that site binds (the pool, a lock, the CPU), a bound the cell reached,
 * a load client out of CPU. Nothing when nothing bound it.
 */
public final class Reasons {

    /** From this many borrows waiting at once on average, the pool binds the cell. */
    static final double POOL_BOUND = 1;

    /** From this share of its limit on, a cell is at its bound. */
    static final double AT_BOUND = 0.95;

    private Reasons() {
    }

    public static List<String> of(CellResult r) {
        List<String> reasons = new ArrayList<>();
        WaitSites waits = r.facts().waits();
        if (waits.bound()) {
            reasons.add(waits.describe());
        }
        // The WAR's own count: the pool wait of threads a sample cannot see (virtual ones, parked off their carriers).
        if (r.facts().poolWaiting() >= POOL_BOUND && !(waits.bound() && waits.top() == WaitSite.POOL)) {
            reasons.add(String.format(Locale.ROOT, "%.0f requests waiting for a pool connection at once on average", r.facts().poolWaiting()));
        }
        // A bound below the users' own limit (users / service time) that the cell reached: threads or a pool, not the load.
        boolean below = r.littleLimit() < r.spec().users() / r.spec().serviceSeconds() * AT_BOUND;
        if (below && r.limitShare() >= AT_BOUND && r.spec().bound().kind() != Bound.Kind.NONE) {
            String bound = r.spec().bound().describe();
            reasons.add(String.format(Locale.ROOT, "%s at their bound (%.0f%% of Little's limit)%s", bound, 100 * r.limitShare(),
                    r.facts().queuePeak() > 0 ? String.format(Locale.ROOT, ", up to %.0f waiting in its queue", r.facts().queuePeak()) : ""));
        }
        if (r.clientBound()) {
            reasons.add(String.format(Locale.ROOT, "the load client's CPU saturated (%.0f%%)", 100 * r.clientCpu()));
        }
        return reasons;
    }

    /** "glassfish/platform entry blocking @ 400 users: 141 of 214 threads in the WAR in the connection pool ...", or null. */
    public static String sentence(CellResult r) {
        List<String> reasons = of(r);
        return reasons.isEmpty() ? null : r.variantName() + " " + r.spec().label() + ": " + String.join("; ", reasons) + ".";
    }
}
