package dev.trainyard.tool.compare.plan;

import dev.trainyard.tool.compare.gate.Threshold;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Every option of the harness, declared once: its name, the kind of value it takes, its default
 * in each mode and in the {@code -Pbench} preset, the values it allows and one paragraph of help.
 * {@link Options} reads its defaults here, {@code -Dhelp} prints {@link #help()}, and
 * docs/options.md is {@link #markdown()} (a unit test holds the file to it). Where a default
 * depends on another option (the target, the client, a sweep), the help says how and
 * {@link Options#parse} applies it.
 */
public enum Option {

    MODE("mode", Kind.CHOICE, "default", null, null, null, Mode.KEYS,
            "default: the five experiments at reduced loads, short cells, several trials (the start prints the plan and"
                    + " its estimate); full: the original experiments' loads and lengths (hours); smoke: CI's seconds, one trial, the"
                    + " server warmed up on its first path alone and no cell warmed up: it proves that everything works and"
                    + " measures nothing"),
    CLIENT("client", Kind.CHOICE, "jmeter", null, null, "wrk", "jmeter,wrk",
            "the load client: JMeter runs the plans of jmeter/; wrk loads each cell's URL (lean; as the plans do, it counts 503s as shed and waits their Retry-After)"),
    LEAN_FROM("lean.from", Kind.NUMBER, "1", null, "0", null, null,
            "with client=jmeter and the servers on this machine (no engines), the users from which a closed, timed cell is"
                    + " measured by wrk instead (not the store's, whose plan draws a product per request): JMeter's thread per user"
                    + " and its time per request spent the client's core on itself, and its own time sat in a lone user's loop;"
                    + " 0: JMeter measures every cell, as a smoke run does to prove the plans. wrk's cells have no latency over"
                    + " time and no dashboard, and their percentiles include the warm-up"),
    PROTOCOLS("protocols", Kind.LIST, "http", "http,https,https-close", null, null, Protocol.KEYS,
            "http, https (HTTP/1.1 over TLS), h2 (HTTP/2 over TLS by ALPN, with client=wrk: its cells are run by h2load, the"
                    + " lean client that speaks it, one stream in flight per connection as wrk keeps one request): each server"
                    + " variant is started once with its HTTPS listener (server-configs/<server>/tls) and its cells run once per"
                    + " protocol on that start, rows \"platform https\", \"platform h2\"; the keystore is the runner's (target/run/tls);"
                    + " http-close, https-close: a new connection (and TLS handshake) per request, what keep-alive saves; full"
                    + " with client=wrk adds h2; target=containers: http; target=url: the URL's own protocol"),
    ENGINES("engines", Kind.TEXT, null, null, null, null, null,
            "host:port,...: JMeter's remote engines (jmeter-server; the compose profile \"distributed\") run each cell"
                    + " instead of this JVM, each with its share of the users, their samples merged here; their RMI keystore"
                    + " and rmi.properties in target/jmeter-rmi"),
    ENGINES_CALLBACK("engines.callback", Kind.TEXT, "127.0.0.1", null, null, null, null,
            "this machine's address as the remote engines reach it (they send their samples there)"),
    SERVERS("servers", Kind.LIST, "tomcat,jetty,glassfish", null, null, "tomcat", "tomcat,jetty,glassfish",
            "the servers to compare"),
    VARIANTS("variants", Kind.LIST, "platform,virtual", null, null, "platform", "platform,virtual",
            "each server's thread models (server-configs/<server>/<variant>); virtual needs a JDK 21+"),
    TARGET("target", Kind.CHOICE, "processes", null, null, null, "processes,containers,url",
            "processes: each server variant started here from server-configs/; containers: each from its image, one"
                    + " container at a time on the host's network, pinned like the processes, against the harness's database"
                    + " (DOCKER_HOST names the engine); url: a deployment already running at url, measured as it is (its"
                    + " variant and footprint from its /metrics; no views audit, start-up time or isolation); waits,"
                    + " threadcost and sweep need the server's processes on this machine"),
    IMAGES("images", Kind.TEXT, "trainyard", null, null, null, null,
            "target=containers: the images are <images>/<server>, as docker-compose builds them"),
    CONTAINER_MEMORY("container.memory", Kind.TEXT, "1536m", null, null, null, null,
            "target=containers: each container's memory limit, a size such as 1536m or 2g"),
    URL("url", Kind.TEXT, null, null, null, null, null,
            "target=url: the WAR's root, http://host:port/trainyard"),
    URL_NAME("url.name", Kind.TEXT, null, null, null, null, null,
            "target=url: its rows' name in the report (unset: the URL's host:port)"),
    PLANS("plans", Kind.LIST, "sleep,offload,entry,store,products,open", "sleep,offload,entry,store,products,hello,threads,open", null,
            "sleep,offload,entry", "sleep,offload,entry,store,products,hello,threads,open,cost",
            "the plans of jmeter/ to run; unless named, the default run repeats only sleep and entry (what threads change)"
                    + " on the virtual variants; cost: the server's CPU per MiB of /blocking/products against /async/products;"
                    + " a sweep in the default mode runs entry alone"),
    USERS("users", Kind.NUMBERS, null, null, null, null, null,
            "1,50,400 (for example): replaces every closed plan's load levels (unset: each plan's own; a sweep in the"
                    + " default mode: 400)"),
    SECONDS("seconds", Kind.NUMBER, "2", "60", null, "5", null, "measured per cell"),
    WARMUP("warmup", Kind.NUMBER, "1", "10", "0", "2", null, "seconds per cell before the measured ones, not measured"),
    TRIALS("trials", Kind.NUMBER, "3", null, "1", null, null,
            "how often each cell runs at least, interleaved (A B C A B C); from 2 on, each cell has an interval, and a lead"
                    + " counts only where its interval over the paired trials excludes a tie"),
    TRIALS_MOST("trials.most", Kind.NUMBER, "4", null, "1", null, null,
            "how often a cell runs at most: while a verdict is neither a lead nor level, its cells run one more trial"
                    + " together, each look's interval widened so that all looks hold 95% together (Pocock); at most"
                    + " trials + 9, and no more than trials when trials is 1"),
    TRIALS_EXTRA("trials.extra", Kind.NUMBER, "10", null, "0", null, null,
            "the most cell runs one server variant spends on those further trials, printed with the plan at the start"),
    RATE("rate", Kind.NUMBER, null, null, null, null, null,
            "the open plan's arrivals per second, the same for every cell (unset: open.share of each work's closed peak)"),
    OPEN_SHARE("open.share", Kind.NUMBER, "30", null, null, null, null,
            "the open plan offers sleep's and entry's work at this percentage of the closed-model peak of the style that"
                    + " serves least (measured earlier in the same server variant's first trial), evenly spaced, each request"
                    + " timed from when it was due: latency without coordinated omission at a load every style carries"),
    POLICIES("policies", Kind.LIST, "natural", null, null, "natural,window,adaptive", "natural,window,adaptive",
            "the Train's departure policies in the entry plan"),
    DRIVERS("drivers", Kind.LIST, "jdbc", "jdbc,r2dbc", "jdbc,r2dbc", null, "jdbc,r2dbc",
            "the store and products plans' database drivers: jdbc (/blocking/store, /async/store, /blocking/products,"
                    + " /async/products), r2dbc (the same under /blocking/r2dbc and /async/r2dbc, rows \"store <query> r2dbc\","
                    + " \"products <count> r2dbc\"): with both, each query's and size's 2x2 of web style and driver"),
    QUERIES("queries", Kind.LIST, "s2,s4", "s1,s2,s3,s4,c1,c2,c3,c4", "s2,c4", null, "s1,s2,s3,s4,c1,c2,c3,c4",
            "the store plan's queries; a complex query takes seconds under load on a small machine; smoke with one driver:"
                    + " s2,s4,c4"),
    ISOLATE("isolate", Kind.FLAG, "true", null, null, null, null,
            "on 2+ cores, the load client on the last core, the server and the database on the others (taskset); false:"
                    + " all share every core"),
    DASHBOARDS("dashboards", Kind.FLAG, "true", null, null, "false", null,
            "JMeter's HTML dashboard per server variant (JMeter only)"),
    CROSSCHECK("crosscheck", Kind.FLAG, "false", null, null, null, null,
            "every closed cell measured again with wrk, beside JMeter's figures"),
    STRICT("strict", Kind.FLAG, "false", null, null, null, null,
            "exit with status 3 when a cell failed; with diff, as assert=no-flip does (CI)"),
    WAITS("waits", Kind.FLAG, "true", null, null, null, null,
            "sample where the server's threads are late in each warm-up (the JVM's Thread.print, taken outside the"
                    + " measured window): each cell's top wait site in the report's Why list and cells.csv (target=containers"
                    + " or url: false)"),
    THREADCOST("threadcost", Kind.FLAG, "true", null, "false", null, null,
            "what each thread model costs, after each server variant's cells: 1,000 users held on the blocking sleep, the"
                    + " live heap and resident memory they add; JFR's pinned virtual threads over all its cells"
                    + " (target=containers or url: false)"),
    SWEEP("sweep", Kind.FLAG, "false", "true", null, null, null,
            "each server at its best: every server variant restarted with each pair of sweep.threads and sweep.pool"
                    + " (virtual: the pool only), beside its equal settings; the report names each variant's best and prints"
                    + " it as lines of the server's native files (target=containers or url: false)"),
    SWEEP_THREADS("sweep.threads", Kind.NUMBERS, "50,200", null, null, null, null, "the sweep's request thread counts"),
    SWEEP_POOL("sweep.pool", Kind.NUMBERS, "20,40", null, null, null, null, "the sweep's pool sizes"),
    DIR("dir", Kind.TEXT, "target/compare", null, null, "target/bench", null, "where each run's folder goes (also <dir>/latest)"),
    COST_COUNT("cost.count", Kind.NUMBER, "1000000", null, null, null, null, "the cost plan: products per download, at most 1000000"),
    COST_ROUNDS("cost.rounds", Kind.NUMBER, "8", null, null, null, null, "the cost plan: downloads measured per style"),
    COST_WARMUPS("cost.warmups", Kind.NUMBER, "6", null, null, null, null, "the cost plan: warm-up pairs"),
    JMETER_HOME("jmeter.home", Kind.TEXT, "target/jmeter", null, null, null, null, "JMeter's home, laid out by the build"),
    JMETER_PLANS("jmeter.plans", Kind.TEXT, "jmeter", null, null, null, null, "the folder of the JMeter plans"),
    BASELINE("baseline", Kind.TEXT, null, null, null, null, null,
            "<run>: a run (a folder under dir, a run's folder, or its summary.json) to compare this one with: every verdict"
                    + " (flipped, added, removed) and every cell's throughput and p95 (beyond noise or not), in the report,"
                    + " summary.json and on the console"),
    ASSERT("assert", Kind.TEXT, null, null, null, null, null,
            "thresholds the run must keep, comma-separated, each reported by name: " + Threshold.GRAMMAR + ", e.g."
                    + " p95<250ms@entry/train/400, errors<0.1%; no-flip: no verdict flipped beyond noise against the baseline;"
                    + " no-regression: no cell's throughput lower than the baseline's beyond noise"),
    DIFF("diff", Kind.TEXT, null, null, null, null, null,
            "<run>: measure nothing; compare the run against (the later) with that run (a folder under dir) as its"
                    + " baseline, and check assert on it"),
    AGAINST("against", Kind.TEXT, "latest", null, null, null, null, "the run diff compares with"),
    RECORD("record", Kind.TEXT, null, null, null, null, null,
            "<run>: measure nothing; write that run (a folder under dir) as a results record, docs/results/<run>-<mode>.md:"
                    + " its id, commit, machine, mode and command, every verdict and every cell, from its summary.json"),
    HELP("help", Kind.FLAG, "false", null, null, null, null, "print this and measure nothing");

    /** The options among {@code settings} (this JVM's system properties), by name, as they were given. */
    public static Map<String, String> given(java.util.Properties settings) {
        Map<String, String> given = new java.util.TreeMap<>();
        for (Option o : values()) {
            if (settings.getProperty(o.key) != null) {
                given.put(o.key, settings.getProperty(o.key));
            }
        }
        return given;
    }

    /** How a value is read and checked. */
    public enum Kind { CHOICE, LIST, NUMBER, NUMBERS, FLAG, TEXT }

    private static final int NAME_COLUMN = 30;
    private static final int WIDTH = 116;

    private final String key;
    private final Kind kind;
    private final String normal;
    private final String full;
    private final String smoke;
    private final String bench;
    private final List<String> allowed;
    private final String help;

    Option(String key, Kind kind, String normal, String full, String smoke, String bench, String allowed, String help) {
        this.key = key;
        this.kind = kind;
        this.normal = normal;
        this.full = full;
        this.smoke = smoke;
        this.bench = bench;
        this.allowed = allowed == null ? List.of() : List.of(allowed.split(","));
        this.help = help;
    }

    /** The name as given on the command line ({@code -Dname=value}). */
    public String key() {
        return key;
    }

    public Kind kind() {
        return kind;
    }

    /** The values a choice or a list takes, in order; empty where any value of its kind does. */
    public List<String> allowed() {
        return allowed;
    }

    /** The default in a mode, or null where there is none. */
    public String defaultIn(Mode mode) {
        String special = switch (mode) {
            case FULL -> full;
            case SMOKE -> smoke;
            case DEFAULT -> null;
        };
        return special != null ? special : normal;
    }

    /** The {@code -Pbench} preset: the defaults it changes. */
    public static Map<String, String> bench() {
        Map<String, String> preset = new LinkedHashMap<>();
        for (Option o : values()) {
            if (o.bench != null) {
                preset.put(o.key, o.bench);
            }
        }
        return Map.copyOf(preset);
    }

    /** What {@code -Dhelp} prints: one entry an option, its default first, then what differs by mode and preset. */
    public static String help() {
        StringBuilder out = new StringBuilder();
        for (Option o : values()) {
            String head = o.key + "=" + (o.normal == null ? "" : o.normal);
            List<String> words = new ArrayList<>(Arrays.asList(o.sentence().split(" ")));
            StringBuilder line = new StringBuilder(head);
            if (head.length() >= NAME_COLUMN - 1) {
                out.append(line).append('\n');
                line = new StringBuilder();
            }
            for (String word : words) {
                int indent = Math.max(line.length(), NAME_COLUMN);
                if (indent + 1 + word.length() > WIDTH && line.length() > NAME_COLUMN) {
                    out.append(line.toString().stripTrailing()).append('\n');
                    line = new StringBuilder();
                }
                while (line.length() < NAME_COLUMN) {
                    line.append(' ');
                }
                if (line.length() > NAME_COLUMN) {
                    line.append(' ');
                }
                line.append(word);
            }
            out.append(line.toString().stripTrailing()).append('\n');
        }
        return out.append(ExitStatus.help()).toString();
    }

    /** docs/options.md: the same table for the docs. */
    public static String markdown() {
        StringBuilder md = new StringBuilder("# The comparison's options\n\n")
                .append("`./mvnw -Pcompare -Dname=value`; `-Pbench` is the same harness with the bench column's defaults, and a\n")
                .append("`-D` setting still wins. `./mvnw -Pcompare -Dhelp` prints the same. This page is generated from the\n")
                .append("harness's table of options (`Option`); `OptionsReferenceTest` fails when it is not.\n\n")
                .append("| option | default | full | smoke | -Pbench | values | what it does |\n")
                .append("|---|---|---|---|---|---|---|\n");
        for (Option o : values()) {
            md.append("| `").append(o.key).append("` | ").append(cell(o.normal)).append(" | ").append(cell(o.full)).append(" | ")
                    .append(cell(o.smoke)).append(" | ").append(cell(o.bench)).append(" | ")
                    .append(o.allowed.isEmpty() ? o.kind.name().toLowerCase(Locale.ROOT) : String.join(", ", o.allowed)).append(" | ")
                    .append(o.help.replace("|", "\\|").replace("<", "&lt;").replace(">", "&gt;")).append(" |\n");
        }
        return md.append(ExitStatus.markdown()).toString();
    }

    private static String cell(String value) {
        return value == null ? "" : "`" + value + "`";
    }

    private String sentence() {
        StringBuilder s = new StringBuilder(help);
        List<String> differs = new ArrayList<>();
        if (full != null) {
            differs.add("full: " + full);
        }
        if (smoke != null) {
            differs.add("smoke: " + smoke);
        }
        if (bench != null) {
            differs.add("-Pbench: " + bench);
        }
        if (!differs.isEmpty()) {
            s.append(" (").append(String.join("; ", differs)).append(')');
        }
        if (!allowed.isEmpty() && kind == Kind.LIST) {
            s.append("; of ").append(String.join(", ", allowed));
        } else if (!allowed.isEmpty()) {
            s.append("; one of ").append(String.join(", ", allowed));
        }
        return s.toString();
    }

    /**
     * What the comparison's exit status means, one status per outcome, for a team's pipeline:
     * declared once here, and -Dhelp and docs/options.md print this table. Where more than one
     * failure applies, the run exits with the one listed first.
     */
    public enum ExitStatus {
        PASSED(0, "the run finished and wrote its report (without strict=true, also when a cell failed) and kept every"
                + " threshold of assert (a diff likewise)"),
        BAD_INPUT(2, "an option or its value is wrong, or the target cannot be used: one line on the error stream says which;"
                + " nothing was measured"),
        SERVER_LOST(4, "a server stopped answering: the server variants measured before it are in the report"),
        CELL_FAILED(3, "strict=true and a cell failed (its status in cells.csv): the report is written"),
        BASELINE_BROKEN(5, "a rule against the baseline was broken (assert=no-flip or no-regression, or diff with strict=true):"
                + " the report and the console name it"),
        THRESHOLD_BROKEN(6, "a threshold of assert on the run's own figures was broken: the report and the console name it");

        private final int code;
        private final String meaning;

        ExitStatus(int code, String meaning) {
            this.code = code;
            this.meaning = meaning;
        }

        public int code() {
            return code;
        }

        /** The table as -Dhelp prints it. */
        static String help() {
            StringBuilder out = new StringBuilder("\nexit status (where more than one failure applies, the first listed):\n");
            for (ExitStatus s : values()) {
                out.append(String.format(Locale.ROOT, "  %d  %s%n", s.code, s.meaning));
            }
            return out.toString();
        }

        /** The table as docs/options.md shows it. */
        static String markdown() {
            StringBuilder md = new StringBuilder("\n## Exit status\n\nWhere more than one failure applies, the run exits with the first"
                    + " listed.\n\n| status | meaning |\n|---|---|\n");
            for (ExitStatus s : values()) {
                md.append("| ").append(s.code).append(" | ").append(s.meaning).append(" |\n");
            }
            return md.toString();
        }
    }
}
