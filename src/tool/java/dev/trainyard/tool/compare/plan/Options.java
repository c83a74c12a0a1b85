package dev.trainyard.tool.compare.plan;

import dev.trainyard.tool.run.Tuning;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * Every option of the harness, with its default, in one place: {@code ./mvnw -Pcompare -Dname=value}
 * (Maven hands -D settings to the harness as they are; the pom passes nothing on). A preset
 * ({@code -Pbench}: {@link #BENCH}) changes the defaults; a -D setting still wins. {@link #HELP}
 * is what the README and {@code -Dhelp} print.
 */
public record Options(String mode, String client, List<String> servers, List<String> variants, List<String> protocols, List<String> plans,
        List<String> virtualPlans, int[] users,
        int seconds, int warmup, int trials, int rate, List<String> policies, List<String> drivers, List<String> queries, boolean isolate, boolean dashboards, boolean crosscheck,
        boolean strict, boolean waits, boolean threadCost, Sweep sweep,
        Path dir, Path jmeterHome, Path plansDir, int costCount, int costRounds, int costWarmups, String diff, String against,
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

    static final List<String> ALL_PLANS = List.of("sleep", "offload", "entry", "store", "products", "hello", "threads", "open", "cost");
    /** The default run: the five experiments (E5 threads is read from the variants' sleep and entry rows). */
    static final String DEFAULT_PLANS = "sleep,offload,entry,store,products";
    /** What a thread model changes: the plans the default run repeats on the virtual variants. */
    static final List<String> THREAD_PLANS = List.of("sleep", "entry", "threads", "open");
    /** The plans a one-URL client (wrk, and h2load for HTTP/2) can drive: one URL, closed model, time-bound. */
    static final List<String> URL_PLANS = List.of("sleep", "offload", "entry", "products", "hello", "threads", "cost");

    public static final String HELP = """
            mode=default|full|smoke   default: the five experiments at reduced loads, 3 trials of short cells (about 24
                                      minutes; the start prints the plan); full: the original experiments' loads and
                                      lengths (hours); smoke: CI
            client=jmeter|wrk         the load client: JMeter runs the plans of jmeter/; wrk loads each cell's URL (lean)
            protocols=http            http, https (HTTP/1.1 over TLS), h2 (HTTP/2 over TLS by ALPN, with client=wrk: its
                                      cells are run by h2load, the lean client that speaks it, one stream in flight per
                                      connection as wrk keeps one request): each server variant is started with its
                                      HTTPS listener (server-configs/<server>/tls) and its cells run once per protocol,
                                      rows "platform https", "platform h2"; the keystore is the runner's
                                      (target/run/tls); http-close, https-close: a new connection (and TLS handshake)
                                      per request, what keep-alive saves; full: http,https,https-close (with
                                      client=wrk, h2 too); target=url: the URL's own protocol
            engines=host:port,...     JMeter's remote engines (jmeter-server; the compose profile "distributed") run
                                      each cell instead of this JVM, each with its share of the users, their samples
                                      merged here; their RMI keystore and rmi.properties in target/jmeter-rmi;
                                      engines.callback=127.0.0.1 (this machine as they reach it)
            servers=tomcat,jetty,glassfish   variants=platform,virtual
            target=processes|containers|url   processes: each server variant started here from server-configs/;
                                      containers: each from its image (images=trainyard: trainyard/tomcat, ...), one
                                      container at a time on the host's network, pinned like the processes, under
                                      container.memory=1536m, against the harness's database (DOCKER_HOST names the
                                      engine); url: a deployment already running at url=http://host:port/trainyard,
                                      measured as it is (url.name=its row's name, default host:port; its variant and
                                      footprint from its /metrics; no views audit, start-up time or isolation); waits,
                                      threadcost and sweep need the server's processes on this machine
            plans=sleep,offload,entry,store,products   also hello, threads, open (full: all but cost); unless named,
                                      the default run repeats only sleep and entry (what threads change) on the virtual
                                      variants; cost: the server's CPU per MiB of /blocking/products against /async/products
            users=1,50,400            replaces every closed plan's load levels
            seconds=2 warmup=1        per cell (full: 60 and 10); the warm-up is not measured
            trials=3                  how often each cell runs, interleaved (A B C A B C), twice as often at the entry
                                      plan's highest load; from 2 on, each cell has a 95% interval, and a lead counts
                                      only where its interval over the paired trials excludes a tie (smoke: 1)
            rate=1000                 the open model's arrivals per second (smoke: 50)
            policies=natural          the Train's departure policies in the entry plan (natural, window, adaptive)
            drivers=jdbc              the store and products plans' database drivers: jdbc (/blocking/store, /async/store,
                                      /blocking/products, /async/products), r2dbc (the same under /blocking/r2dbc and
                                      /async/r2dbc, rows "store <query> r2dbc", "products <count> r2dbc"): with both,
                                      each query's and size's 2x2 of web style and driver (smoke and full: jdbc,r2dbc)
            queries=s2,s4             the store plan's queries, of s1-s4 and c1-c4 (full: all eight; smoke: s2,s4,c4,
                                      with both drivers s2,c4); a complex query takes seconds under load on a small
                                      machine
            isolate=true              on 2+ cores, the load client on the last core, the server and the database on the
                                      others (taskset); false: all share every core
            dashboards=true           JMeter's HTML dashboard per server variant (JMeter only)
            crosscheck=false          every closed cell measured again with wrk, beside JMeter's figures
            strict=false              exit with status 3 when a cell failed (CI)
            waits=true                sample where the server's threads are late in each warm-up (the JVM's
                                      Thread.print, taken outside the measured window): each cell's top wait site
                                      in the report's Why list and cells.csv; false: no sampling
            threadcost=true           what each thread model costs, after each server variant's cells: 1,000
                                      users held on the blocking sleep, the live heap and resident memory they
                                      add; JFR's pinned virtual threads over all its cells (smoke: false)
            sweep=false               each server at its best: every server variant restarted with each pair of
                                      sweep.threads=50,200 and sweep.pool=20,40 (virtual: the pool only), beside
                                      its equal settings; the report names each variant's best and prints it as
                                      lines of the server's native files. Alone it runs the entry plan at 400
                                      users (plans= and users= change that); full: on
            dir=target/compare        where each run's folder goes (also <dir>/latest)
            cost.count=1000000 cost.rounds=8 cost.warmups=6   the cost plan: products per download, downloads
                                      measured per style, warm-up pairs
            jmeter.home=target/jmeter jmeter.plans=jmeter
            diff=<run>                measure nothing: print which verdicts changed between that run (a folder under
                                      dir) and the latest (or against=<run>), and whether beyond noise
            """;

    /** -Pbench: the lean client on one server variant, longer cells, every Train policy. */
    public static final Map<String, String> BENCH = Map.of("client", "wrk", "servers", "tomcat", "variants", "platform",
            "plans", "sleep,offload,entry", "seconds", "5", "warmup", "2", "policies", "natural,window,adaptive",
            "dashboards", "false", "dir", "target/bench");

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
        Settings s = new Settings(given);
        String mode = s.choice("mode", "default", List.of("default", "full", "smoke"));
        String client = s.choice("client", "jmeter", List.of("jmeter", "wrk"));
        List<String> servers = s.list("servers", "tomcat,jetty,glassfish", List.of("tomcat", "jetty", "glassfish"));
        List<String> variants = s.list("variants", "platform,virtual", List.of("platform", "virtual"));
        String target = s.choice("target", "processes", List.of("processes", "containers", "url"));
        String url = s.text("url", null);
        boolean remote = target.equals("url");
        if (remote && (url == null || !url.matches("https?://[^/]+(/.*)?"))) {
            throw new IllegalArgumentException("target=url needs url=http://host:port/trainyard (the WAR's root); got " + url);
        }
        if (!remote && url != null) {
            throw new IllegalArgumentException("url is read with target=url only; got url=" + url + " and target=" + target);
        }
        boolean packaged = target.equals("containers");
        // full: every protocol the client speaks, on the servers the harness starts.
        String everyProtocol = client.equals("wrk") ? "http,https,https-close,h2" : "http,https,https-close";
        List<String> protocols = s.list("protocols", remote ? (url.startsWith("https:") ? "https" : "http")
                : mode.equals("full") && !packaged ? everyProtocol : "http", ServerRun.PROTOCOLS);
        if (packaged && protocols.stream().anyMatch(ServerRun::tls)) {
            throw new IllegalArgumentException("protocols: the images serve plain HTTP; https and h2 need target=processes");
        }
        if (remote && (protocols.size() != 1 || ServerRun.tls(protocols.get(0)) != url.startsWith("https:"))) {
            throw new IllegalArgumentException("protocols: target=url speaks its URL's protocol (http for http://, https or h2"
                    + " for https://, each or not -close); got " + protocols + " for " + url);
        }
        if (protocols.contains("h2") && !client.equals("wrk")) {
            throw new IllegalArgumentException("protocols: h2 needs client=wrk, the lean client, whose HTTP/2 cells h2load runs"
                    + " (JMeter's HTTP sampler speaks HTTP/1.1 only)");
        }
        boolean notHere = remote || packaged;
        Containers containers = packaged ? new Containers(s.text("images", "trainyard"), s.text("container.memory", "1536m")) : null;
        if (containers != null && !containers.memory().matches("[1-9][0-9]*[kmg]")) {
            throw new IllegalArgumentException("container.memory is a size such as 1536m or 2g; got " + containers.memory());
        }
        boolean sweeping = s.flag("sweep", mode.equals("full") && !notHere);
        // A sweep restarts every server variant per setting: in the default mode it measures where
        // settings matter most, the entry plan at its highest load, unless told otherwise.
        boolean sweepDefaults = sweeping && mode.equals("default");
        List<String> plans = s.list("plans", mode.equals("full") ? String.join(",", ALL_PLANS.subList(0, ALL_PLANS.size() - 1))
                : sweepDefaults ? "entry" : DEFAULT_PLANS, ALL_PLANS);
        // The default run's budget: on the virtual variants only what threads change, unless plans were named.
        List<String> virtualPlans = mode.equals("full") || !s.text("plans", "").isEmpty() ? plans
                : plans.stream().filter(THREAD_PLANS::contains).toList();
        if (!client.equals("jmeter")) {
            for (String plan : plans) {
                if (!URL_PLANS.contains(plan)) {
                    throw new IllegalArgumentException("plans: " + client + " cannot run " + plan + " (it takes "
                            + String.join(", ", URL_PLANS) + "); use client=jmeter");
                }
            }
        }
        String usersText = s.text("users", sweepDefaults ? "400" : "");
        int[] users = usersText.isEmpty() ? null
                : Arrays.stream(usersText.split(",")).mapToInt(u -> Settings.number("users", u, 1)).toArray();
        int seconds = s.number("seconds", mode.equals("full") ? 60 : 2, 1);
        int warmup = s.number("warmup", mode.equals("full") ? 10 : 1, 0);
        int trials = s.number("trials", mode.equals("smoke") ? 1 : 3, 1);
        int rate = s.number("rate", mode.equals("smoke") ? 50 : 1000, 1);
        List<String> policies = s.list("policies", "natural", List.of("natural", "window", "adaptive"));
        List<String> drivers = s.list("drivers", mode.equals("default") ? "jdbc" : "jdbc,r2dbc", List.of("jdbc", "r2dbc"));
        List<String> queries = s.list("queries", mode.equals("full") ? "s1,s2,s3,s4,c1,c2,c3,c4"
                : mode.equals("smoke") ? (drivers.size() > 1 ? "s2,c4" : "s2,s4,c4") : "s2,s4",
                List.of("s1", "s2", "s3", "s4", "c1", "c2", "c3", "c4"));
        boolean isolate = s.flag("isolate", true);
        boolean dashboards = s.flag("dashboards", true) && client.equals("jmeter");
        boolean crosscheck = s.flag("crosscheck", false);
        boolean strict = s.flag("strict", false);
        boolean waits = s.flag("waits", !notHere);
        boolean threadCost = s.flag("threadcost", !mode.equals("smoke") && !notHere);
        if (notHere && (waits || threadCost || sweeping)) {
            throw new IllegalArgumentException("waits, threadcost and sweep need the server's processes on this machine: use target=processes");
        }
        Sweep sweep = sweeping ? new Sweep(s.numbers("sweep.threads", "50,200", Tuning.LEAST_THREADS),
                s.numbers("sweep.pool", "20,40", Tuning.LEAST_POOL)) : Sweep.NONE;
        String engineList = s.text("engines", "");
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
            engines = new Engines(hosts, s.text("engines.callback", "127.0.0.1"));
        }
        int costCount = s.number("cost.count", 1_000_000, 0);
        if (costCount > 1_000_000) {
            throw new IllegalArgumentException("cost.count must be 0-1000000; got " + costCount);
        }
        return new Options(mode, client, servers, variants, protocols, plans, virtualPlans, users, seconds, warmup, trials, rate, policies, drivers, queries, isolate, dashboards,
                crosscheck, strict, waits, threadCost, sweep, Path.of(s.text("dir", "target/compare")), Path.of(s.text("jmeter.home", "target/jmeter")),
                Path.of(s.text("jmeter.plans", "jmeter")), costCount, s.number("cost.rounds", 8, 1), s.number("cost.warmups", 6, 0),
                s.text("diff", null), s.text("against", "latest"), remote ? url : null,
                remote ? s.text("url.name", java.net.URI.create(url).getAuthority()) : null, containers, engines);
    }

    /** The plans a server variant runs. */
    List<String> plans(String variant) {
        return variant.equals("virtual") ? virtualPlans : plans;
    }

    boolean full() {
        return mode.equals("full");
    }

    public boolean smoke() {
        return mode.equals("smoke");
    }

    public boolean jmeter() {
        return client.equals("jmeter");
    }

    /** target=url: a deployment the harness did not start. */
    public boolean remote() {
        return url != null;
    }

    /** target=containers: each server variant from its image. */
    public boolean packaged() {
        return containers != null;
    }

    /** Reading and checking one kind of value each; every message names the option. */
    private record Settings(Map<String, String> given) {

        String text(String name, String otherwise) {
            String value = given.get(name);
            return value == null || value.isBlank() ? otherwise : value.trim();
        }

        String choice(String name, String otherwise, List<String> allowed) {
            String value = text(name, otherwise);
            if (!allowed.contains(value)) {
                throw new IllegalArgumentException(name + " must be " + String.join(" or ", allowed) + "; got " + value);
            }
            return value;
        }

        List<String> list(String name, String otherwise, List<String> allowed) {
            List<String> values = Arrays.stream(text(name, otherwise).split(",")).map(String::trim).filter(v -> !v.isEmpty()).toList();
            for (String v : values) {
                if (!allowed.contains(v)) {
                    throw new IllegalArgumentException(name + " takes " + String.join(", ", allowed) + "; got " + v);
                }
            }
            if (values.isEmpty()) {
                throw new IllegalArgumentException(name + " names nothing");
            }
            return values;
        }

        List<Integer> numbers(String name, String otherwise, int least) {
            return Arrays.stream(text(name, otherwise).split(",")).map(String::trim).filter(v -> !v.isEmpty())
                    .map(v -> number(name, v, least)).distinct().toList();
        }

        int number(String name, int otherwise, int least) {
            return number(name, text(name, String.valueOf(otherwise)), least);
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

        boolean flag(String name, boolean otherwise) {
            String value = text(name, String.valueOf(otherwise));
            if (!value.equals("true") && !value.equals("false")) {
                throw new IllegalArgumentException(name + " must be true or false; got " + value);
            }
            return Boolean.parseBoolean(value);
        }
    }
}
