package dev.trainyard.tool.compare.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trainyard.tool.compare.load.LoadClient;
import dev.trainyard.tool.compare.plan.Options;
import dev.trainyard.tool.compare.plan.Protocol;
import dev.trainyard.tool.compare.plan.ServerRun;
import dev.trainyard.tool.compare.plan.ThreadModel;
import dev.trainyard.tool.run.Tuning;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** protocols=: which client speaks which, where the servers' TLS exists, how the rows are named. */
public class ProtocolsTest {

    @Test
    void plainHttpUnlessToldAndEachProtocolIsARow() {
        assertEquals(List.of("http"), Options.parse(Map.of()).protocols().stream().map(Protocol::key).toList());
        Options three = Options.parse(Map.of("client", "wrk", "protocols", "http,https,h2", "plans", "hello"));
        assertEquals(List.of("http", "https", "h2"), three.protocols().stream().map(Protocol::key).toList());
        assertEquals("platform", new ServerRun("tomcat", ThreadModel.PLATFORM, Tuning.AS_CONFIGURED, Protocol.HTTP).label());
        ServerRun h2 = new ServerRun("tomcat", ThreadModel.VIRTUAL, Tuning.AS_CONFIGURED, Protocol.H2);
        assertEquals("virtual h2", h2.label());
        assertTrue(h2.tls());
        assertFalse(new ServerRun("jetty", ThreadModel.PLATFORM, Tuning.AS_CONFIGURED, Protocol.HTTP).tls());
    }

    @Test
    void theFullRunSpeaksEveryProtocolItsClientSpeaks() {
        assertEquals(List.of("http", "https", "https-close"), Options.parse(Map.of("mode", "full")).protocols().stream().map(Protocol::key).toList());
        assertEquals(List.of("http", "https", "https-close", "h2"),
                Options.parse(Map.of("mode", "full", "client", "wrk", "plans", "hello")).protocols().stream().map(Protocol::key).toList());
        assertEquals(List.of("http"), Options.parse(Map.of("mode", "full", "target", "containers")).protocols().stream().map(Protocol::key).toList(), "the images serve plain HTTP");
    }

    @Test
    void aCloseProtocolOpensAConnectionPerRequestOverItsTransport() {
        ServerRun closed = new ServerRun("tomcat", ThreadModel.PLATFORM, Tuning.AS_CONFIGURED, Protocol.HTTPS_CLOSE);
        assertTrue(closed.tls());
        assertEquals("platform https-close", closed.label());
        assertFalse(new LoadClient.Target("https://127.0.0.1:18443/trainyard/", 18443, ThreadModel.PLATFORM, Protocol.HTTPS_CLOSE).keepAlive());
        assertTrue(new LoadClient.Target("https://127.0.0.1:18443/trainyard/", 18443, ThreadModel.PLATFORM, Protocol.HTTPS).keepAlive());
        assertFalse(new ServerRun("tomcat", ThreadModel.PLATFORM, Tuning.AS_CONFIGURED, Protocol.HTTP_CLOSE).tls());
        assertEquals(List.of("http-close"), Options.parse(Map.of("target", "containers", "protocols", "http-close")).protocols().stream().map(Protocol::key).toList(),
                "plain HTTP without keep-alive needs no TLS listener");
        assertEquals(List.of("https-close"), Options.parse(Map.of("target", "url", "url", "https://127.0.0.1:18443/trainyard",
                "protocols", "https-close")).protocols().stream().map(Protocol::key).toList());
    }

    @Test
    void http2NeedsTheLeanClientWhoseHttp2CellsH2loadRuns() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Options.parse(Map.of("protocols", "h2")));
        assertTrue(e.getMessage().contains("client=wrk"), e.getMessage());
        assertEquals(List.of("https"), Options.parse(Map.of("protocols", "https")).protocols().stream().map(Protocol::key).toList(), "JMeter speaks HTTP/1.1 over TLS");
        assertThrows(IllegalArgumentException.class, () -> Options.parse(Map.of("protocols", "http3")));
    }

    @Test
    void tlsIsTheRunnersOrTheUrlsOwn() {
        assertThrows(IllegalArgumentException.class, () -> Options.parse(Map.of("target", "containers", "protocols", "https")),
                "the images serve plain HTTP");
        assertEquals(List.of("https"), Options.parse(Map.of("target", "url", "url", "https://127.0.0.1:18443/trainyard")).protocols().stream().map(Protocol::key).toList());
        assertEquals(List.of("h2"), Options.parse(Map.of("target", "url", "url", "https://127.0.0.1:18443/trainyard",
                "client", "wrk", "protocols", "h2", "plans", "hello")).protocols().stream().map(Protocol::key).toList());
        assertThrows(IllegalArgumentException.class, () -> Options.parse(Map.of("target", "url", "url", "http://127.0.0.1:18080/trainyard",
                "protocols", "https")), "an http URL speaks http");
        assertEquals(java.util.Optional.of("https://127.0.0.1:18443/trainyard/"),
                Deployment.at("https://127.0.0.1:18443/trainyard").httpsUrl(), "an https URL's cells load it as it is");
        assertTrue(Deployment.at("http://127.0.0.1:18080/trainyard").httpsUrl().isEmpty());
    }
}
