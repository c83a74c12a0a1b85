package dev.trainyard.tool.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/** Laying out a server's directories: copy a tree over another, delete a tree. */
final class Files2 {

    private Files2() {
    }

    /** Copies every file under {@code from} to the same relative path under {@code to}, replacing. */
    static void copyTree(Path from, Path to) throws IOException {
        if (!Files.isDirectory(from)) {
            throw new IOException("missing configuration directory " + from.toAbsolutePath());
        }
        try (Stream<Path> paths = Files.walk(from)) {
            for (Path source : paths.filter(Files::isRegularFile).toList()) {
                Path target = to.resolve(from.relativize(source).toString());
                Files.createDirectories(target.getParent());
                Files.copy(source, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.COPY_ATTRIBUTES);
            }
        }
    }

    static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }

    static void copyInto(List<Path> files, Path dir) throws IOException {
        Files.createDirectories(dir);
        for (Path file : files) {
            Files.copy(file, dir.resolve(file.getFileName()), StandardCopyOption.REPLACE_EXISTING);
        }
    }
}
