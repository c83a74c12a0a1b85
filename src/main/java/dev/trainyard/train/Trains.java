package dev.trainyard.train;

import dev.trainyard.config.ThreadFactories;
import dev.trainyard.data.Database;
import dev.trainyard.data.EntryQueries;
import dev.trainyard.data.store.CharacteristicsBatch;
import dev.trainyard.metrics.Distribution;
import dev.trainyard.metrics.MetricSource;
import dev.trainyard.metrics.PrometheusText;
import jakarta.servlet.ServletContext;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

/**
 * The WAR's dispatchers: one per command and policy, made on first use, so that one deployment
 * can compare the policies. Each has its own bounded queue and workers.
 */
public final class Trains implements MetricSource, AutoCloseable {

    private static final String CONTEXT_KEY = Trains.class.getName();

    private final TrainSettings settings;
    private final Database database;
    private final Map<String, Dispatcher<Integer, ?>> dispatchers = new ConcurrentHashMap<>();
    private volatile boolean closed;

    Trains(TrainSettings settings, Database database) {
        this.settings = settings;
        this.database = database;
    }

    public static Trains of(ServletContext context) {
        return (Trains) context.getAttribute(CONTEXT_KEY);
    }

    void attach(ServletContext context) {
        context.setAttribute(CONTEXT_KEY, this);
    }

    TrainSettings settings() {
        return settings;
    }

    /** The dispatcher of a command and policy, made on first use; null once the trains are closed. */
    @SuppressWarnings("unchecked")
    <R> Dispatcher<Integer, R> dispatcher(String command, String policy) {
        if (closed) {
            return null;
        }
        Dispatcher<Integer, R> dispatcher = (Dispatcher<Integer, R>) dispatchers.computeIfAbsent(command + "/" + policy,
                key -> new Dispatcher<>(command(command), settings.policy(policy), settings.workers(), settings.queueCapacity(),
                        settings.departureTimeoutMillis() * 1_000_000L,
                        ThreadFactories.preferVirtual("train-" + command + "-" + policy)));
        if (closed) {
            // Made while close() ran: closing it again is harmless, leaving its workers running is not.
            dispatcher.close();
            return null;
        }
        return dispatcher;
    }

    private Command<Integer, ?> command(String name) {
        return switch (name) {
            case "entry" -> new EntryCommand(new EntryQueries(database, settings.db().entryStatementTimeoutSeconds()));
            case "characteristics" -> new CharacteristicsCommand(new CharacteristicsBatch(database));
            default -> throw new IllegalArgumentException("no train command " + name);
        };
    }

    @Override
    public void close() {
        closed = true;
        dispatchers.values().forEach(Dispatcher::close);
    }

    @Override
    public void writeTo(PrometheusText out) {
        List<Dispatcher<Integer, ?>> all = List.copyOf(dispatchers.values());
        counter(out, all, "trainyard_train_batches_total", "Batches departed", d -> d.batches.sum());
        counter(out, all, "trainyard_train_round_trips_total", "Database round trips made by the train", d -> d.roundTrips.sum());
        counter(out, all, "trainyard_train_failed_batches_total", "Batches whose trip failed (every job answered 503)", d -> d.failedBatches.sum());
        out.family("trainyard_train_jobs_total", "counter",
                "Jobs by how they ended: found, missing (404), failed (503, not applied), unknown (504, the database did not answer),"
                + " rejected (queue full), expired (never departed)");
        for (Dispatcher<Integer, ?> d : all) {
            String[] l = {"command", d.commandName(), "policy", d.policyName()};
            out.sample("trainyard_train_jobs_total", d.found.sum(), with(l, "outcome", "found"));
            out.sample("trainyard_train_jobs_total", d.missing.sum(), with(l, "outcome", "missing"));
            out.sample("trainyard_train_jobs_total", d.failed.sum(), with(l, "outcome", "failed"));
            out.sample("trainyard_train_jobs_total", d.unknown.sum(), with(l, "outcome", "unknown"));
            out.sample("trainyard_train_jobs_total", d.rejected.sum(), with(l, "outcome", "rejected"));
            out.sample("trainyard_train_jobs_total", d.expired.sum(), with(l, "outcome", "expired"));
        }
        gauge(out, all, "trainyard_train_queue_depth", "Jobs waiting for a departure", d -> d.queueDepth());
        gauge(out, all, "trainyard_train_queue_capacity", "Bound of the job queue", d -> d.queueCapacity());
        gauge(out, all, "trainyard_train_workers", "Workers (bound of concurrent trips)", d -> d.workerCount());
        gauge(out, all, "trainyard_train_workers_busy", "Workers on a trip now", d -> d.busyWorkers());
        summary(out, all, "trainyard_train_batch_size", "Jobs per batch", d -> d.batchSize);
        summary(out, all, "trainyard_train_wait_seconds", "Time a job waited before its departure", d -> d.waited);
        summary(out, all, "trainyard_train_trip_seconds", "Duration of a batch's database trip", d -> d.trip);
    }

    private static void counter(PrometheusText out, List<Dispatcher<Integer, ?>> all, String name, String help,
                                ToDoubleFunction<Dispatcher<Integer, ?>> value) {
        series(out, all, name, "counter", help, value);
    }

    private static void gauge(PrometheusText out, List<Dispatcher<Integer, ?>> all, String name, String help,
                              ToDoubleFunction<Dispatcher<Integer, ?>> value) {
        series(out, all, name, "gauge", help, value);
    }

    private static void series(PrometheusText out, List<Dispatcher<Integer, ?>> all, String name, String type, String help,
                               ToDoubleFunction<Dispatcher<Integer, ?>> value) {
        out.family(name, type, help);
        for (Dispatcher<Integer, ?> d : all) {
            out.sample(name, value.applyAsDouble(d), "command", d.commandName(), "policy", d.policyName());
        }
    }

    private static void summary(PrometheusText out, List<Dispatcher<Integer, ?>> all, String name, String help,
                                Function<Dispatcher<Integer, ?>, Distribution> distribution) {
        out.family(name, "summary", help);
        for (Dispatcher<Integer, ?> d : all) {
            distribution.apply(d).writeSamples(out, name, "command", d.commandName(), "policy", d.policyName());
        }
    }

    private static String[] with(String[] labels, String name, String value) {
        String[] all = java.util.Arrays.copyOf(labels, labels.length + 2);
        all[labels.length] = name;
        all[labels.length + 1] = value;
        return all;
    }
}
