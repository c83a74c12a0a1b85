package dev.trainyard.data;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The entry work of the Train experiment (experiment E3 train): read a row and add one view, in one
 * transaction. A single UPDATE ... RETURNING does both atomically, so two requests for the same id
 * can never read the same count or lose an increment.
 */
public final class EntryQueries {

    static final String ADD_VIEW = addView("?");
    static final String MAX_ID = "SELECT coalesce(max(id), 0) FROM trentry";
    static final String EXISTS = "SELECT 1 FROM trentry WHERE id = ?";

    /**
     * The train's trip: every distinct id, in ascending order, with the number of jobs that asked
     * for it; one UPDATE adds each row its count, so two jobs for the same id add two views. One
     * statement, one round trip, atomic, each row visited once. Concurrent batches never deadlock
     * because each locks its rows in id order: PostgreSQL joins the few ids of a train to the table
     * by a nested loop over the primary key, which visits (and locks) the rows in the order of the
     * ids given. A hash join over the whole table would lock them in the order of the heap instead;
     * the planner prefers it only for thousands of ids, past the most riders a train's settings
     * allow; {@code TrainLockOrderTest} holds both at that bound.
     */
    static final String ADD_VIEWS =
            "UPDATE trentry t SET views = t.views + w.n"
            + " FROM unnest(?::int[], ?::int[]) AS w(id, n)"
            + " WHERE t.id = w.id"
            + " RETURNING t.id, t.name, t.descr, t.views";

    /** The single-row update for {@code id}, a parameter marker or a number: every driver runs this text. */
    public static String addView(String id) {
        return "UPDATE trentry SET views = views + 1 WHERE id = " + id + " RETURNING id, name, descr, views";
    }

    private final Database database;
    private final int statementTimeoutSeconds;
    private volatile int maxId;

    /**
     * @param statementTimeoutSeconds bounds every update (a locked row, a busy database): the same
     *     bound in every style, tighter than the pools' own statement timeout, which must also fit
     *     the slow store queries
     */
    public EntryQueries(Database database, int statementTimeoutSeconds) {
        this.database = database;
        this.statementTimeoutSeconds = statementTimeoutSeconds;
    }

    /**
     * Adds one view to the row and returns it, or empty when no row has this id. Throws
     * {@link DataUnavailableException} when nothing was applied, {@link OutcomeUnknownException}
     * when the update was sent and no answer came back.
     */
    public Optional<Entry> addView(int id) {
        return update(ADD_VIEW, (c, ps) -> ps.setInt(1, id)).stream().findFirst();
    }

    @FunctionalInterface
    private interface Binder {
        void bind(Connection c, PreparedStatement ps) throws SQLException;
    }

    /**
     * Runs one bounded update and returns the rows it changed. Failures are told apart by when
     * they happen: before the statement was sent nothing was applied; while it ran, only
     * PostgreSQL's own rollback says so. Closing happens after the rows are read and cannot fail
     * the request: an update that answered was applied.
     */
    private List<Entry> update(String sql, Binder binder) {
        Connection c = database.connection();
        PreparedStatement ps = null;
        ResultSet rs = null;
        try {
            try {
                ps = c.prepareStatement(sql);
                ps.setQueryTimeout(statementTimeoutSeconds);
                binder.bind(c, ps);
            } catch (SQLException e) {
                throw Database.unavailable(e);
            }
            try {
                rs = ps.executeQuery();
                List<Entry> rows = new ArrayList<>();
                while (rs.next()) {
                    // char(25) pads with blanks; the page shows the name, not its padding.
                    rows.add(new Entry(rs.getInt(1), rs.getString(2).stripTrailing(), rs.getString(3), rs.getInt(4)));
                }
                return rows;
            } catch (SQLException e) {
                throw Database.writeFailed(e);
            }
        } finally {
            Database.closeQuietly(rs, ps, c);
        }
    }

    /**
     * Adds one view per requested id (an id asked for twice gets two) in one round trip, and
     * returns, per position, the row as that request saw it: as if the requests for one id had
     * run one after the other in list order. Empty where no row has the id. Fails as
     * {@link #addView} does, for the whole batch: one statement, applied entirely or not at all.
     */
    public List<Optional<Entry>> addViews(List<Integer> ids) {
        if (ids.size() == 1) {
            // A lone rider (light traffic) takes the single-row statement: same effect, less work
            // for the planner than the array form, so the train costs a lone request nothing extra.
            return List.of(addView(ids.get(0)));
        }
        // Sorted: the order in which the trip locks its rows.
        TreeMap<Integer, Integer> counts = new TreeMap<>();
        for (int id : ids) {
            counts.merge(id, 1, Integer::sum);
        }
        Integer[] distinct = counts.keySet().toArray(new Integer[0]);
        Integer[] n = counts.values().toArray(new Integer[0]);
        Map<Integer, Entry> after = new HashMap<>();
        for (Entry row : update(ADD_VIEWS, (c, ps) -> {
            ps.setArray(1, c.createArrayOf("integer", distinct));
            ps.setArray(2, c.createArrayOf("integer", n));
        })) {
            after.put(row.id(), row);
        }
        Map<Integer, Integer> seen = new HashMap<>();
        List<Optional<Entry>> answers = new ArrayList<>(ids.size());
        for (int id : ids) {
            Entry row = after.get(id);
            if (row == null) {
                answers.add(Optional.empty());
                continue;
            }
            int k = seen.merge(id, 1, Integer::sum);
            answers.add(Optional.of(new Entry(id, row.name(), row.descr(), row.views() - counts.get(id) + k)));
        }
        return answers;
    }

    /** Whether a row has this id: what a HEAD of the entry answers, without adding a view. */
    public boolean exists(int id) {
        try (Connection c = database.connection();
             PreparedStatement ps = c.prepareStatement(EXISTS)) {
            ps.setInt(1, id);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next();
            }
        } catch (SQLException e) {
            throw Database.unavailable(e);
        }
    }

    /** The highest id, read once: random ids are drawn from 1..maxId (the data set is fixed). */
    public int maxId() {
        int known = maxId;
        if (known > 0) {
            return known;
        }
        try (Connection c = database.connection();
             PreparedStatement ps = c.prepareStatement(MAX_ID);
             ResultSet rs = ps.executeQuery()) {
            rs.next();
            known = rs.getInt(1);
        } catch (SQLException e) {
            throw Database.unavailable(e);
        }
        if (known == 0) {
            throw new DataUnavailableException("table trentry is empty: seed the database", null);
        }
        maxId = known;
        return known;
    }
}
