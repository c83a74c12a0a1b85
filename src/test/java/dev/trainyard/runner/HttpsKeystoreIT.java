package dev.trainyard.runner;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trainyard.testdb.TestDatabase;
import dev.trainyard.tool.run.Server;
import dev.trainyard.tool.run.TlsKeystore;
import dev.trainyard.tool.run.Tuning;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A keystore the server cannot open stops its start, with a message that says why: never a server
 * that runs on with a dead HTTPS connector. Tomcat's and Jetty's own configurations refuse (the
 * runner hands them the pair untouched); GlassFish keeps its keys in the domain's keystore, and the
 * runner's import into it refuses before the domain starts.
 */
@ParameterizedClass(name = "{0}")
@ValueSource(strings = {"tomcat", "jetty", "glassfish"})
@Timeout(value = 240, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class HttpsKeystoreIT {

    @Parameter
    String name;

    @TempDir
    Path dir;

    @AfterEach
    void forgetThePair() {
        System.clearProperty("trainyard.tls.keystore");
        System.clearProperty("trainyard.tls.passwordFile");
    }

    @Test
    void aMissingKeystoreStopsTheStart() throws Exception {
        Path missing = dir.resolve("no-such.p12");
        String why = refusal(missing, secret("whatever"));
        assertTrue(why.contains(missing.toString()), name + " does not name the missing keystore:\n" + why);
    }

    @Test
    void aWrongPasswordStopsTheStart() throws Exception {
        TlsKeystore good = TlsKeystore.forRun(dir, Path.of(System.getProperty("java.home"), "bin", "keytool"));
        String why = refusal(good.keystore(), secret("not-the-password"));
        assertTrue(why.contains("password was incorrect"), name + " does not say the password is wrong:\n" + why);
    }

    /** Starts the server on the pair; it must not come up. Returns what the start and the server's logs said. */
    private String refusal(Path keystore, Path passwordFile) throws Exception {
        System.setProperty("trainyard.tls.keystore", keystore.toString());
        System.setProperty("trainyard.tls.passwordFile", passwordFile.toString());
        AtomicReference<Server> created = new AtomicReference<>();
        IOException refused = assertThrows(IOException.class,
                () -> Server.start(name, "platform", TestDatabase.settings(), Tuning.AS_CONFIGURED, true, created::set).close(),
                name + " started with a keystore it cannot open");
        Server server = created.get();
        if (server == null) {
            return refused.getMessage();
        }
        assertFalse(server.processes().stream().anyMatch(ProcessHandle::isAlive), name + " left a process running");
        return refused.getMessage() + "\n" + logs(server.directory());
    }

    private Path secret(String password) throws IOException {
        Path file = dir.resolve("password");
        Files.deleteIfExists(file);
        Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        Files.writeString(file, password, StandardCharsets.UTF_8);
        return file;
    }

    private static String logs(Path directory) throws IOException {
        try (Stream<Path> files = Files.walk(directory)) {
            return files.filter(f -> f.getFileName().toString().endsWith(".log") && Files.isRegularFile(f)).map(f -> {
                try {
                    return Files.readString(f, StandardCharsets.UTF_8);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }).collect(Collectors.joining("\n"));
        }
    }
}
