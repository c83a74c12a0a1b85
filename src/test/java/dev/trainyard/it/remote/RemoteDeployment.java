package dev.trainyard.it.remote;

import dev.trainyard.it.support.ServerSettings;
import dev.trainyard.testdb.TestDatabase;
import dev.trainyard.tool.db.DbSettings;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.net.ssl.SSLHandshakeException;
import org.junit.platform.launcher.LauncherSession;
import org.junit.platform.launcher.LauncherSessionListener;

/**
 * The suite against a deployment it did not start (it.url): before the first test, checks that
 * the URL answers as Trainyard and, when a database is given, that it takes the suite's
 * credentials, each failure in one line; reads from the deployment's /metrics which server and
 * thread model it runs and the settings in effect, so that tests sized to the suite's own
 * settings run only where the deployment has them ({@code it.support.Needs}).
 */
public class RemoteDeployment implements LauncherSessionListener {

    /** Set by the it-remote profile's run of the suite: the suite starts no server and no database. */
    public static final String REMOTE = "it.remote";
    public static final String URL = "it.url";
    public static final String DESTRUCTIVE = "it.destructive";

    private static final Set<String> WHERE_IT_LISTENS = Set.of("trainyard.http.address", "trainyard.http.port",
            "trainyard.https.port");
    private static final Pattern SETTING = Pattern.compile("(?m)^trainyard_setting\\{name=\"([^\"]+)\"} (\\S+)$");
    private static final Pattern SERVER = Pattern.compile("(?m)^trainyard_server_request_threads_max\\{source=\"(\\w+)\"}");
    private static volatile Map<String, String> differing = Map.of();

    public static boolean active() {
        return Boolean.getBoolean(REMOTE);
    }

    /** Tests that change data or overload the server run against a deployment only when asked. */
    public static boolean destructive() {
        return Boolean.getBoolean(DESTRUCTIVE);
    }

    /** The suite's settings that the deployment runs with other values: name, then what differs. */
    public static Map<String, String> differingSettings() {
        return differing;
    }

    @Override
    public void launcherSessionOpened(LauncherSession session) {
        if (!active()) {
            return;
        }
        String url = System.getProperty(URL, "").trim().replaceAll("/+$", "");
        if (!url.matches("https?://[^/]+.*")) {
            throw new IllegalStateException(refusal("name the deployment: -D" + URL + "=http://host:port/trainyard, got '" + url + "'"));
        }
        String metrics = metrics(url);
        String server = server(metrics);
        String variant = metrics.contains("\ntrainyard_request_thread_virtual 1") ? "virtual" : "platform";
        System.setProperty("trainyard.server", System.getProperty("trainyard.server", server));
        System.setProperty("trainyard.variant", System.getProperty("trainyard.variant", variant));
        differing = compare(settings(metrics), ServerSettings.load());
        if (TestDatabase.isGiven()) {
            checkDatabase(TestDatabase.settings());
        }
        System.out.printf("%nThe suite against %s: %s/%s; tests that change data or overload it: %s; its database: %s; "
                        + "settings other than the suite's: %s%n%n", url, server, variant,
                destructive() ? "on" : "off (-D" + DESTRUCTIVE + "=true)",
                TestDatabase.isGiven() ? TestDatabase.settings().url() : "not given (-Dtrainyard.db.url, -Dtrainyard.db.user, TRAINYARD_DB_PASSWORD)",
                differing.isEmpty() ? "none" : String.join(", ", differing.keySet()));
    }

    /** The suite's database takes its credentials, or the suite refuses to run, in one line. */
    static void checkDatabase(DbSettings db) {
        try (Connection c = db.connect()) {
            c.isValid(5);
        } catch (SQLException e) {
            throw new IllegalStateException(refusal("the database " + db.url() + " refused the suite's connection: " + e.getMessage()));
        }
    }

    /**
     * Settings the deployment reports with another value than the suite's: name, then both values.
     * Where it listens is not one of them: the suite reaches the deployment at the URL it is given.
     */
    static Map<String, String> compare(Map<String, String> deployed, Map<String, String> suite) {
        Map<String, String> result = new TreeMap<>();
        suite.forEach((name, value) -> {
            String theirs = deployed.get(name);
            if (theirs != null && !theirs.equals(value.trim()) && !WHERE_IT_LISTENS.contains(name)) {
                result.put(name, "the deployment runs " + theirs + ", the suite's settings " + value.trim());
            }
        });
        return result;
    }

    static Map<String, String> settings(String metrics) {
        Map<String, String> settings = new TreeMap<>();
        Matcher m = SETTING.matcher(metrics);
        while (m.find()) {
            String value = m.group(2);
            settings.put(m.group(1), value.endsWith(".0") ? value.substring(0, value.length() - 2) : value);
        }
        return settings;
    }

    /** Tomcat and Jetty name their request thread pool's bean; GlassFish shows the WAR none. */
    static String server(String metrics) {
        Matcher m = SERVER.matcher(metrics);
        return m.find() ? m.group(1) : "glassfish";
    }

    /** The deployment's /metrics, or the suite refuses to run, in one line: nothing there, no answer, not Trainyard. */
    static String metrics(String url) {
        HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
        HttpResponse<String> response;
        try {
            response = client.send(HttpRequest.newBuilder(URI.create(url + "/metrics")).timeout(Duration.ofSeconds(30)).build(),
                    HttpResponse.BodyHandlers.ofString());
        } catch (ConnectException e) {
            throw new IllegalStateException(refusal(URL + "=" + url + " cannot be reached: nothing accepts a connection there"));
        } catch (HttpTimeoutException e) {
            throw new IllegalStateException(refusal(URL + "=" + url + " cannot be reached: no answer in time (" + e.getMessage() + ")"));
        } catch (SSLHandshakeException e) {
            throw new IllegalStateException(refusal(URL + "=" + url + " refused by TLS: " + e.getMessage() + " (a self-signed"
                    + " certificate is trusted with -Djavax.net.ssl.trustStore=FILE -Djavax.net.ssl.trustStorePassword=...)"));
        } catch (IOException | IllegalArgumentException e) {
            throw new IllegalStateException(refusal(URL + "=" + url + " cannot be reached: " + e));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        if (response.statusCode() != 200 || !response.body().contains("trainyard_async_open_requests")) {
            throw new IllegalStateException(refusal(URL + "=" + url + " is not Trainyard: " + url + "/metrics answered "
                    + response.statusCode() + " without Trainyard's metrics (is the URL the WAR's context root?)"));
        }
        return response.body();
    }

    private static String refusal(String why) {
        System.err.println("\nThe suite cannot run: " + why + "\n");
        return why;
    }
}
