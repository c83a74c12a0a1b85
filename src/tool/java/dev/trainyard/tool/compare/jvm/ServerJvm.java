package dev.trainyard.tool.compare.jvm;

import com.sun.tools.attach.VirtualMachine;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.lang.management.OperatingSystemMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import javax.management.MBeanServerConnection;
import javax.management.MalformedObjectNameException;
import javax.management.ObjectName;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;

/**
 * The server's JVM seen from the harness, through its own management interface: attached once
 * (the local attach mechanism, only for the same user on this machine; no port opened), its local
 * JMX agent started, then its diagnostic commands (Thread.print, JFR.start, GC.run ...) and its
 * memory bean called over that connection. The JDK it runs on is the one its command names.
 */
public final class ServerJvm implements AutoCloseable {

    /** How long one call may take before it fails: a server that stopped answering must not hold the harness forever. */
    static final int CALL_TIMEOUT_MS = 10_000;

    private static final String[] SIGNATURE = {String[].class.getName()};

    private final ProcessHandle process;
    private final JMXConnector connector;
    private final MBeanServerConnection mbeans;
    private final ObjectName commands;

    private ServerJvm(ProcessHandle process, JMXConnector connector) throws IOException {
        this.process = process;
        this.connector = connector;
        this.mbeans = connector.getMBeanServerConnection();
        try {
            this.commands = new ObjectName("com.sun.management:type=DiagnosticCommand");
        } catch (MalformedObjectNameException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Attaches to the JVM of that process. */
    public static ServerJvm attach(ProcessHandle process) throws Exception {
        // RMI, under JMX, waits for an answer without end unless told otherwise (read when its transport starts).
        if (System.getProperty("sun.rmi.transport.tcp.responseTimeout") == null) {
            System.setProperty("sun.rmi.transport.tcp.responseTimeout", Integer.toString(CALL_TIMEOUT_MS));
        }
        VirtualMachine vm = VirtualMachine.attach(Long.toString(process.pid()));
        String address;
        try {
            address = vm.startLocalManagementAgent();
        } finally {
            vm.detach();
        }
        return new ServerJvm(process, JMXConnectorFactory.connect(new JMXServiceURL(address)));
    }

    /** A diagnostic command by its MBean operation name (threadPrint, jfrStart, gcRun ...), with jcmd's arguments. */
    String command(String operation, String... arguments) throws Exception {
        return (String) mbeans.invoke(commands, operation, new Object[] {arguments}, SIGNATURE);
    }

    int cores() throws IOException {
        return ManagementFactory.newPlatformMXBeanProxy(mbeans, ManagementFactory.OPERATING_SYSTEM_MXBEAN_NAME,
                OperatingSystemMXBean.class).getAvailableProcessors();
    }

    /** Bytes of heap still in use after a full collection: what the server holds live, garbage left out. */
    long liveHeapBytes() throws Exception {
        command("gcRun");
        return ManagementFactory.newPlatformMXBeanProxy(mbeans, ManagementFactory.MEMORY_MXBEAN_NAME, MemoryMXBean.class)
                .getHeapMemoryUsage().getUsed();
    }

    /** The process's resident memory (VmRSS of /proc/PID/status), in bytes; -1 where there is no /proc. */
    long residentBytes() throws IOException {
        Path status = Path.of("/proc", Long.toString(process.pid()), "status");
        if (!Files.isReadable(status)) {
            return -1;
        }
        for (String line : Files.readAllLines(status)) {
            if (line.startsWith("VmRSS:")) {
                return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
            }
        }
        return -1;
    }

    /** A tool of the JDK the server runs on (jfr ...), beside its java. */
    Optional<Path> jdkTool(String name) {
        return process.info().command().map(java -> Path.of(java).resolveSibling(name)).filter(Files::isExecutable);
    }

    @Override
    public void close() {
        try {
            connector.close();
        } catch (IOException e) {
            // The server is gone already.
        }
    }
}
