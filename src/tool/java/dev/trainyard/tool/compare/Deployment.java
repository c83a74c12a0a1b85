package dev.trainyard.tool.compare;

import dev.trainyard.tool.run.Server;
import java.util.List;

/**
 * What a server variant's cells run against: a server the harness started from server-configs/
 * ({@code target=processes}), or one a team already runs ({@code target=url}), which the harness
 * neither starts, pins nor attaches to, so that its footprint comes from its /metrics alone.
 */
interface Deployment extends AutoCloseable {

    /** The WAR's root, ending in '/'. */
    String baseUrl();

    /** The server's processes on this machine, started by the harness; none for a URL target. */
    List<ProcessHandle> processes();

    @Override
    void close();

    static Deployment of(Server server) {
        return new Deployment() {
            @Override
            public String baseUrl() {
                return server.baseUrl();
            }

            @Override
            public List<ProcessHandle> processes() {
                return server.processes();
            }

            @Override
            public void close() {
                server.close();
            }
        };
    }

    static Deployment at(String url) {
        String root = url.endsWith("/") ? url : url + "/";
        return new Deployment() {
            @Override
            public String baseUrl() {
                return root;
            }

            @Override
            public List<ProcessHandle> processes() {
                return List.of();
            }

            @Override
            public void close() {
                // Not ours: it goes on serving.
            }
        };
    }
}
