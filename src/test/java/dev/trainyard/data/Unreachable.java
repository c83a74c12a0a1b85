package dev.trainyard.data;

import java.io.IOException;
import java.net.ServerSocket;
import org.postgresql.ds.PGSimpleDataSource;

/** A DataSource pointing at a loopback port nothing listens on: a database that is down. */
final class Unreachable {

    private Unreachable() {
    }

    static PGSimpleDataSource dataSource() {
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        PGSimpleDataSource ds = new PGSimpleDataSource();
        ds.setServerNames(new String[] {"127.0.0.1"});
        ds.setPortNumbers(new int[] {port});
        ds.setDatabaseName("trainyard");
        ds.setUser("trainyard");
        ds.setConnectTimeout(2);
        return ds;
    }
}
