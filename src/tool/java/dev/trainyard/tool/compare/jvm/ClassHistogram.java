package dev.trainyard.tool.compare.jvm;

import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The live heap by class, from the JVM's GC.class_histogram (taken after a full collection):
 * what grew between two of them names what the memory went to.
 */
public final class ClassHistogram {

    private static final Pattern ROW = Pattern.compile("^\\s*\\d+:\\s+\\d+\\s+(\\d+)\\s+(\\S+)");

    private ClassHistogram() {
    }

    /** Bytes per class of GC.class_histogram's text. */
    static Map<String, Long> parse(String text) {
        Map<String, Long> bytes = new HashMap<>();
        for (String line : text.split("\n")) {
            Matcher m = ROW.matcher(line);
            if (m.find()) {
                bytes.merge(readable(m.group(2)), Long.parseLong(m.group(1)), Long::sum);
            }
        }
        return bytes;
    }

    /** The {@code most} classes that grew most from {@code before} to {@code after}, as "byte[] +12.3 MiB". */
    static List<String> growth(Map<String, Long> before, Map<String, Long> after, int most) {
        return after.entrySet().stream()
                .map(e -> Map.entry(e.getKey(), e.getValue() - before.getOrDefault(e.getKey(), 0L)))
                .filter(e -> e.getValue() > 0)
                .sorted(Map.Entry.<String, Long>comparingByValue().reversed())
                .limit(most)
                .map(e -> String.format(Locale.ROOT, "%s +%.1f MiB", e.getKey(), e.getValue() / 1048576.0))
                .toList();
    }

    /** The JVM's array descriptors as Java writes them: [B is byte[], [Ljava.lang.Object; is java.lang.Object[]. */
    static String readable(String name) {
        int dims = 0;
        while (dims < name.length() && name.charAt(dims) == '[') {
            dims++;
        }
        if (dims == 0) {
            return name;
        }
        String element = name.substring(dims);
        String base = switch (element) {
            case "B" -> "byte";
            case "C" -> "char";
            case "I" -> "int";
            case "J" -> "long";
            case "S" -> "short";
            case "Z" -> "boolean";
            case "F" -> "float";
            case "D" -> "double";
            default -> element.startsWith("L") && element.endsWith(";") ? element.substring(1, element.length() - 1) : element;
        };
        return base + "[]".repeat(dims);
    }
}
