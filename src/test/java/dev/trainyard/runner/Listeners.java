package dev.trainyard.runner;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The TCP sockets some processes listen on, read from Linux's /proc as ss does: the processes'
 * file descriptors name their sockets' inodes, /proc/net/tcp and tcp6 list every socket in LISTEN
 * state with its inode and local address.
 */
final class Listeners {

    /** A listening socket: its address (as ss prints it) and port. */
    record Listener(String address, int port) {

        boolean loopback() {
            return address.startsWith("127.") || address.equals("::1") || address.startsWith("::ffff:127.");
        }

        @Override
        public String toString() {
            return address + ":" + port;
        }
    }

    private Listeners() {
    }

    static List<Listener> of(List<ProcessHandle> processes) {
        Set<String> inodes = new HashSet<>();
        for (ProcessHandle process : processes) {
            Path fds = Path.of("/proc", Long.toString(process.pid()), "fd");
            try (Stream<Path> links = Files.list(fds)) {
                for (Path fd : links.toList()) {
                    try {
                        String target = Files.readSymbolicLink(fd).toString();
                        if (target.startsWith("socket:[")) {
                            inodes.add(target.substring(8, target.length() - 1));
                        }
                    } catch (IOException closedMeanwhile) {
                        // The descriptor went away between the listing and the read.
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read the descriptors of process " + process.pid(), e);
            }
        }
        List<Listener> listening = new ArrayList<>();
        listening.addAll(read(Path.of("/proc/net/tcp"), inodes, false));
        listening.addAll(read(Path.of("/proc/net/tcp6"), inodes, true));
        return listening;
    }

    private static List<Listener> read(Path table, Set<String> inodes, boolean v6) {
        List<Listener> found = new ArrayList<>();
        try {
            List<String> lines = Files.readAllLines(table);
            for (String line : lines.subList(1, lines.size())) {
                String[] f = line.trim().split("\\s+");
                // sl local_address rem_address st tx:rx tr:when retrnsmt uid timeout inode
                if (f.length > 9 && f[3].equals("0A") && inodes.contains(f[9])) {
                    String[] local = f[1].split(":");
                    found.add(new Listener(v6 ? ipv6(local[0]) : ipv4(local[0]), Integer.parseInt(local[1], 16)));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return found;
    }

    /** /proc/net/tcp's address: four bytes in host (little-endian) order. */
    private static String ipv4(String hex) {
        return Integer.parseInt(hex.substring(6, 8), 16) + "." + Integer.parseInt(hex.substring(4, 6), 16) + "."
                + Integer.parseInt(hex.substring(2, 4), 16) + "." + Integer.parseInt(hex.substring(0, 2), 16);
    }

    /** /proc/net/tcp6's address: four 32-bit words, each in host order. */
    private static String ipv6(String hex) {
        StringBuilder bytes = new StringBuilder();
        for (int word = 0; word < 4; word++) {
            String w = hex.substring(word * 8, word * 8 + 8);
            bytes.append(w, 6, 8).append(w, 4, 6).append(w, 2, 4).append(w, 0, 2);
        }
        String b = bytes.toString().toLowerCase(java.util.Locale.ROOT);
        if (b.equals("00000000000000000000000000000000")) {
            return "::";
        }
        if (b.equals("00000000000000000000000000000001")) {
            return "::1";
        }
        if (b.startsWith("00000000000000000000ffff")) {
            return "::ffff:" + ipv4(b.substring(30, 32) + b.substring(28, 30) + b.substring(26, 28) + b.substring(24, 26));
        }
        return b;
    }
}
