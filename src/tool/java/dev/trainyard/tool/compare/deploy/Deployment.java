package dev.trainyard.tool.compare.deploy;

import dev.trainyard.tool.run.Server;
import java.util.List;
import java.util.OptionalDouble;

/**
 * What a server variant's cells run against: a server the harness started from server-configs/
 * ({@code target=processes}), its image in a container ({@code target=containers},
 * {@link ContainerDeployment}), or one a team already runs ({@code target=url}), which the harness
 * neither starts, pins nor attaches to, so that its footprint comes from its /metrics alone.
 */
public interface Deployment extends AutoCloseable {

    /** The WAR's root, ending in '/'. */
    String baseUrl();

    /** The WAR's root over HTTPS, ending in '/', where the deployment serves it. */
    default java.util.Optional<String> httpsUrl() {
        return java.util.Optional.empty();
    }

    /** The server's processes on this machine, started by the harness; none for a URL target. */
    List<ProcessHandle> processes();

    /**
     * Seconds from its start to its first answer where the deployment measured them itself (a
     * container's, from {@code docker run}); empty where they come from its JVM's start.
     */
    default OptionalDouble readySeconds() {
        return OptionalDouble.empty();
    }

    /** How it is packaged and limited, for its footprint (a container's image and limits); null for a plain process. */
    default Packaging packaging() {
        return null;
    }

    @Override
    void close();

    /** A deployment that did not start, or stopped answering: the run ends there, with one line that says which. */
    public final class Lost extends java.io.IOException {
        public Lost(String message) {
            super(message);
        }
    }

    /**
     * This deployment for a run that is not its last on it: the same server, which the run's end
     * leaves running for the next (its owner closes it once all have run).
     */
    static Deployment sharedBy(Deployment deployment) {
        return new Deployment() {
            @Override
            public String baseUrl() {
                return deployment.baseUrl();
            }

            @Override
            public java.util.Optional<String> httpsUrl() {
                return deployment.httpsUrl();
            }

            @Override
            public List<ProcessHandle> processes() {
                return deployment.processes();
            }

            @Override
            public OptionalDouble readySeconds() {
                return deployment.readySeconds();
            }

            @Override
            public Packaging packaging() {
                return deployment.packaging();
            }

            @Override
            public void close() {
                // The next run's.
            }
        };
    }

    static Deployment of(Server server) {
        return new Deployment() {
            @Override
            public String baseUrl() {
                return server.baseUrl();
            }

            @Override
            public java.util.Optional<String> httpsUrl() {
                return server.httpsUrl();
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
            public java.util.Optional<String> httpsUrl() {
                return root.startsWith("https:") ? java.util.Optional.of(root) : java.util.Optional.empty();
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
