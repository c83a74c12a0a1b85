package dev.trainyard.tool.compare.plan;

import dev.trainyard.tool.compare.gate.Threshold;
import dev.trainyard.tool.run.Tuning;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * A run's options as typed values: {@code ./mvnw -Pcompare -Dname=value} (Maven hands -D settings
 * to the harness as they are; the pom passes nothing on), read and checked against the table of
 * {@link Option}, where each one's default, values and help are declared. A preset
 * ({@code -Pbench}: {@link #BENCH}) changes the defaults; a -D setting still wins.
 */
public record Options(Mode mode, String client, List<String> servers, List<ThreadModel> variants, List<Protocol> protocols, List<String> plans,
        List<String> virtualPlans, int[] users, int leanFrom,
        int seconds, int warmup, Trials trials, int extraTrials, int rate, int openShare, List<String> policies, List<Driver> drivers, List<String> queries, boolean isolate, boolean dashboards, boolean crosscheck,
        boolean strict, boolean waits, boolean threadCost, Sweep sweep,
        Path dir, Path jmeterHome, Path plansDir, int costCount, int costRounds, int costWarmups, String diff, String against,
        String baseline, List<Threshold> thresholds,
        String url, String urlName, Containers containers, Engines engines) {

    /**
     * target=containers: each server variant from its image ({@code <images>/<server>}, as
     * docker-compose builds them), one container at a time, under this memory limit.
     */
    public record Containers(String images, String memory) {
    }

    /**
     * engines=host:port,...: JMeter's remote engines run each cell, each with its share of the
     * users (their RMI keystore in target/jmeter-rmi); callback: this machine's address as the
     * engines reach it (they send their samples there).
     */
    public record Engines(List<String> hosts, String callback) {
    }

    /** What a thread model changes: the plans the default run repeats on the virtual variants. */
    static final List<String> THREAD_PLANS = List.of("sleep", "entry", "threads", "open");
    /** The plans a one-URL client (wrk, and h2load for HTTP/2) can drive: one URL, closed model, time-bound. */
    static final List<String> URL_PLANS = List.of("sleep", "offload", "entry", "products", "hello", "threads", "cost");

    /** What {@code -Dhelp} prints: the option table's. */
    public static final String HELP = Option.help();

    /** -Pbench: the lean client on one server variant, longer cells, every Train policy (the option table's bench column). */
    public static final Map<String, String> BENCH = Option.bench();

    /** The options from this JVM's system properties over a preset's defaults. */
    public static Options fromSystemProperties(Map<String, String> preset) {
        Map<String, String> settings = new HashMap<>(preset);
        Properties system = System.getProperties();
        for (String name : system.stringPropertyNames()) {
            settings.put(name, system.getProperty(name));
        }
        return parse(settings);
    }

    public static Options parse(Map<String, String> given) {
        Mode mode = Mode.of(new Settings(given, Mode.DEFAULT).choice(Option.MODE));
        Settings s = new Settings(given, mode);
        String client = s.choice(Option.CLIENT);
        List<String> servers = s.list(Option.SERVERS, null);
        List<ThreadModel> variants = s.list(Option.VARIANTS, null).stream().map(ThreadModel::of).toList();
        String target = s.choice(Option.TARGET);
        String url = s.text(Option.URL, null);
        boolean remote = target.equals("url");
        if (remote && (url == null || !url.matches("https?://[^/]+(/.*)?"))) {
            throw new IllegalArgumentException("target=url needs url=http://host:port/trainyard (the WAR's root); got " + url);
        }
        if (!remote && url != null) {
            throw new IllegalArgumentException("url is read with target=url only; got url=" + url + " and target=" + target);
        }
        boolean packaged = target.equals("containers");
        List<Protocol> protocols = s.list(Option.PROTOCOLS, remote ? (url.startsWith("https:") ? "https" : "http")
                : packaged ? "http" : mode == Mode.FULL && client.equals("wrk") ? Option.PROTOCOLS.defaultIn(mode) + ",h2" : null)
                .stream().map(Protocol::of).toList();
        if (packaged && protocols.stream().anyMatch(Protocol::tls)) {
            throw new IllegalArgumentException("protocols: the images serve plain HTTP; https and h2 need target=processes");
        }
        if (remote && (protocols.size() != 1 || protocols.get(0).tls() != url.startsWith("https:"))) {
            throw new IllegalArgumentException("protocols: target=url speaks its URL's protocol (http for http://, https or h2"
                    + " for https://, each or not -close); got " + protocols.stream().map(Protocol::key).toList() + " for " + url);
        }
        if (protocols.contains(Protocol.H2) && !client.equals("wrk")) {
            throw new IllegalArgumentException("protocols: h2 needs client=wrk, the lean client, whose HTTP/2 cells h2load runs"
                    + " (JMeter's HTTP sampler speaks HTTP/1.1 only)");
        }
        boolean notHere = remote || packaged;
        Containers containers = packaged ? new Containers(s.text(Option.IMAGES, null), s.text(Option.CONTAINER_MEMORY, null)) : null;
        if (containers != null && !containers.memory().matches("[1-9][0-9]*[kmg]")) {
            throw new IllegalArgumentException("container.memory is a size such as 1536m or 2g; got " + containers.memory());
        }
        boolean sweeping = s.flag(Option.SWEEP, notHere ? false : null);
        // A sweep restarts every server variant per setting: in the default mode it measures where
        // settings matter most, the entry plan at its highest load, unless told otherwise.
        boolean sweepDefaults = sweeping && mode == Mode.DEFAULT;
        List<String> plans = s.list(Option.PLANS, sweepDefaults ? "entry" : null);
        // The default run's budget: on the virtual variants only what threads change, unless plans were named.
        List<String> virtualPlans = mode == Mode.FULL || s.given(Option.PLANS) ? plans
                : plans.stream().filter(THREAD_PLANS::contains).toList();
        if (!client.equals("jmeter")) {
            for (String plan : plans) {
                if (!URL_PLANS.contains(plan)) {
                    throw new IllegalArgumentException("plans: " + client + " cannot run " + plan + " (it takes "
                            + String.join(", ", URL_PLANS) + "); use client=jmeter");
                }
            }
        }
        List<Integer> userLevels = s.numbers(Option.USERS, sweepDefaults ? "400" : null, 1);
        int[] users = userLevels.isEmpty() ? null : userLevels.stream().mapToInt(Integer::intValue).toArray();
        int seconds = s.number(Option.SECONDS, 1);
        int warmup = s.number(Option.WARMUP, 0);
        int least = s.number(Option.TRIALS, 1);
        // One trial has no interval to look at: more only from two on.
        int most = least == 1 ? 1 : Math.max(least, s.number(Option.TRIALS_MOST, 1));
        if (most - least + 1 > Trials.MOST_LOOKS) {
            throw new IllegalArgumentException("trials.most: at most trials + " + (Trials.MOST_LOOKS - 1) + " (" + (least + Trials.MOST_LOOKS - 1)
                    + "); got " + most);
        }
        Trials trials = new Trials(least, most);
        int extraTrials = trials.sequential() ? s.number(Option.TRIALS_EXTRA, 0) : 0;
        // Unset, each open cell's rate is a share of a peak the run measures (CellSpec#sharing).
        int rate = s.given(Option.RATE) ? s.number(Option.RATE, 1) : 0;
        int openShare = s.number(Option.OPEN_SHARE, 1);
        if (openShare > 100) {
            throw new IllegalArgumentException("open.share is a percentage of the closed peak, 1-100; got " + openShare);
        }
        List<String> policies = s.list(Option.POLICIES, null);
        List<Driver> drivers = s.list(Option.DRIVERS, null).stream().map(Driver::of).toList();
        List<String> queries = s.list(Option.QUERIES, mode == Mode.SMOKE && drivers.size() == 1 ? "s2,s4,c4" : null);
        boolean isolate = s.flag(Option.ISOLATE, null);
        boolean dashboards = s.flag(Option.DASHBOARDS, null) && client.equals("jmeter");
        boolean crosscheck = s.flag(Option.CROSSCHECK, null);
        boolean strict = s.flag(Option.STRICT, null);
        boolean waits = s.flag(Option.WAITS, notHere ? false : null);
        boolean threadCost = s.flag(Option.THREADCOST, notHere ? false : null);
        if (notHere && (waits || threadCost || sweeping)) {
            throw new IllegalArgumentException("waits, threadcost and sweep need the server's processes on this machine: use target=processes");
        }
        Sweep sweep = sweeping ? new Sweep(s.numbers(Option.SWEEP_THREADS, null, Tuning.LEAST_THREADS),
                s.numbers(Option.SWEEP_POOL, null, Tuning.LEAST_POOL)) : Sweep.NONE;
        String engineList = s.text(Option.ENGINES, "");
        Engines engines = null;
        if (!engineList.isBlank()) {
            if (!client.equals("jmeter")) {
                throw new IllegalArgumentException("engines are JMeter's: use client=jmeter");
            }
            List<String> hosts = Arrays.stream(engineList.split(",")).map(String::trim).toList();
            for (String host : hosts) {
                if (!host.matches("[^:/\\s]+:[0-9]{1,5}")) {
                    throw new IllegalArgumentException("engines is a list of host:port (each engine's RMI registry); got " + host);
                }
            }
            engines = new Engines(hosts, s.text(Option.ENGINES_CALLBACK, null));
        }
        String diff = s.text(Option.DIFF, null);
        String baseline = s.text(Option.BASELINE, null);
        List<Threshold> thresholds = new ArrayList<>(Threshold.parse(s.text(Option.ASSERT, null)));
        if (diff != null && baseline != null) {
            throw new IllegalArgumentException("diff names its baseline itself: drop baseline=" + baseline);
        }
        if (diff != null && strict && thresholds.stream().noneMatch(t -> t.kind() == Threshold.Kind.NO_FLIP)) {
            thresholds.addAll(Threshold.parse("no-flip"));
        }
        if (diff == null && baseline == null) {
            thresholds.stream().filter(t -> t.kind().needsBaseline()).findFirst().ifPresent(t -> {
                throw new IllegalArgumentException("assert: " + t.name() + " needs a baseline (baseline=<run>)");
            });
        }
        int costCount = s.number(Option.COST_COUNT, 0);
        if (costCount > 1_000_000) {
            throw new IllegalArgumentException("cost.count must be 0-1000000; got " + costCount);
        }
        return new Options(mode, client, servers, variants, protocols, plans, virtualPlans, users, s.number(Option.LEAN_FROM, 0), seconds, warmup, trials, extraTrials, rate, openShare, policies,
                drivers, queries, isolate, dashboards, crosscheck, strict, waits, threadCost, sweep, Path.of(s.text(Option.DIR, null)),
                Path.of(s.text(Option.JMETER_HOME, null)), Path.of(s.text(Option.JMETER_PLANS, null)), costCount,
                s.number(Option.COST_ROUNDS, 1), s.number(Option.COST_WARMUPS, 0), diff,
                s.text(Option.AGAINST, null), baseline, List.copyOf(thresholds), remote ? url : null,
                remote ? s.text(Option.URL_NAME, java.net.URI.create(url).getAuthority()) : null, containers, engines);
    }

    /** The plans a server variant runs. */
    public List<String> plans(ThreadModel variant) {
        return variant == ThreadModel.VIRTUAL ? virtualPlans : plans;
    }

    public boolean full() {
        return mode == Mode.FULL;
    }

    public boolean smoke() {
        return mode == Mode.SMOKE;
    }

    public boolean jmeter() {
        return client.equals("jmeter");
    }

    /**
     * Whether wrk measures the closed cells from {@link #leanFrom()} users: JMeter's run in this
     * process, lean.from above 0, and the servers on this machine (wrk loads 127.0.0.1 alone).
     */
    public boolean leanCells() {
        return jmeter() && engines == null && leanFrom > 0 && (url == null || url.startsWith("http://127.0.0.1:")
                || url.startsWith("https://127.0.0.1:"));
    }

    /** target=url: a deployment the harness did not start. */
    public boolean remote() {
        return url != null;
    }

    /** target=containers: each server variant from its image. */
    public boolean packaged() {
        return containers != null;
    }

    /**
     * Reading and checking one kind of value each, with the option table's default in the run's
     * mode, or a default that another option decided ({@code contextual}, where not null); every
     * message names the option.
     */
    private record Settings(Map<String, String> given, Mode mode) {

        boolean given(Option option) {
            String value = given.get(option.key());
            return value != null && !value.isBlank();
        }

        String text(Option option, String contextual) {
            return given(option) ? given.get(option.key()).trim() : contextual != null ? contextual : option.defaultIn(mode);
        }

        String choice(Option option) {
            String value = text(option, null);
            if (!option.allowed().contains(value)) {
                throw new IllegalArgumentException(option.key() + " must be " + String.join(" or ", option.allowed()) + "; got " + value);
            }
            return value;
        }

        List<String> list(Option option, String contextual) {
            List<String> values = Arrays.stream(text(option, contextual).split(",")).map(String::trim).filter(v -> !v.isEmpty()).toList();
            for (String v : values) {
                if (!option.allowed().contains(v)) {
                    throw new IllegalArgumentException(option.key() + " takes " + String.join(", ", option.allowed()) + "; got " + v);
                }
            }
            if (values.isEmpty()) {
                throw new IllegalArgumentException(option.key() + " names nothing");
            }
            return values;
        }

        /** A list of whole numbers; empty where the option has no value. */
        List<Integer> numbers(Option option, String contextual, int least) {
            String text = text(option, contextual);
            return text == null ? List.of() : Arrays.stream(text.split(",")).map(String::trim).filter(v -> !v.isEmpty())
                    .map(v -> number(option.key(), v, least)).distinct().toList();
        }

        int number(Option option, int least) {
            return number(option.key(), text(option, null), least);
        }

        static int number(String name, String text, int least) {
            try {
                int n = Integer.parseInt(text.trim());
                if (n >= least) {
                    return n;
                }
            } catch (NumberFormatException e) {
                // Said below, with the option's name.
            }
            throw new IllegalArgumentException(name + " must be a whole number of at least " + least + "; got " + text);
        }

        boolean flag(Option option, Boolean contextual) {
            String value = text(option, contextual == null ? null : String.valueOf(contextual));
            if (!value.equals("true") && !value.equals("false")) {
                throw new IllegalArgumentException(option.key() + " must be true or false; got " + value);
            }
            return Boolean.parseBoolean(value);
        }
    }
}
