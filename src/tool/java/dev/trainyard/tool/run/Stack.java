package dev.trainyard.tool.run;

import dev.trainyard.tool.db.DbSettings;

/**
 * What the runner and the benchmarks stand on: a seeded {@link Database} and one {@link Server}
 * variant serving the WAR (trainyard.server, trainyard.variant), started and stopped together.
 */
public final class Stack implements AutoCloseable {

    private final Database database;
    private final Server server;

    private Stack(Database database, Server server) {
        this.database = database;
        this.server = server;
    }

    public static Stack start() throws Exception {
        Database database = Database.start();
        try {
            Server server = Server.start(System.getProperty("trainyard.server", "tomcat"),
                    System.getProperty("trainyard.variant", "platform"), database.settings());
            return new Stack(database, server);
        } catch (Exception e) {
            database.close();
            throw e;
        }
    }

    public String baseUrl() {
        return server.baseUrl();
    }

    public String serverName() {
        return server.name();
    }

    public DbSettings db() {
        return database.settings();
    }

    public boolean embeddedDatabase() {
        return database.embedded();
    }

    void awaitServerExit() throws InterruptedException {
        server.awaitExit();
    }

    @Override
    public void close() {
        server.close();
        database.close();
    }
}
