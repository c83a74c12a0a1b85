package dev.trainyard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every relative link of the README and the docs leads somewhere: to a file of the repository and,
 * where it names a heading (#anchor), to a heading of that page, as GitHub spells its anchors.
 */
class DocsLinksTest {

    private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)\\)");
    private static final Pattern HEADING = Pattern.compile("^#{1,6} (.+)$", Pattern.MULTILINE);

    @Test
    void everyRelativeLinkResolves() throws IOException {
        List<String> broken = new ArrayList<>();
        int checked = 0;
        for (Path page : pages()) {
            Matcher m = LINK.matcher(Files.readString(page, StandardCharsets.UTF_8));
            while (m.find()) {
                String target = m.group(1);
                if (target.matches("^[a-z]+:.*")) {
                    continue;
                }
                checked++;
                int hash = target.indexOf('#');
                String file = hash < 0 ? target : target.substring(0, hash);
                Path resolved = file.isEmpty() ? page : page.getParent().resolve(file).normalize();
                if (!Files.exists(resolved)) {
                    broken.add(page + ": " + target + " (no such file)");
                } else if (hash >= 0 && !anchors(resolved).contains(target.substring(hash + 1))) {
                    broken.add(page + ": " + target + " (no such heading)");
                }
            }
        }
        assertEquals(List.of(), broken);
        assertTrue(checked > 50, "too few links found to trust the walk: " + checked);
    }

    @Test
    void anchorsAreSpelledAsGitHubSpellsThem() {
        assertEquals("in-a-pipeline", slug("In a pipeline"));
        assertEquals("e1s-driver-axis-jdbc-and-r2dbc-under-both-web-styles", slug("E1's driver axis: JDBC and R2DBC under both web styles"));
        assertEquals("what-the-protocol-costs-http-https-h2-and-a-handshake-per-request",
                slug("What the protocol costs: http, https, h2, and a handshake per request"));
    }

    /** README.md, the pages of docs/ and the READMEs of jmeter/ and server-configs/. */
    private static List<Path> pages() throws IOException {
        List<Path> pages = new ArrayList<>(List.of(Path.of("README.md").toAbsolutePath(), Path.of("jmeter/README.md").toAbsolutePath(), Path.of("server-configs/README.md").toAbsolutePath()));
        try (Stream<Path> docs = Files.list(Path.of("docs").toAbsolutePath())) {
            docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
        }
        return pages;
    }

    private static Set<String> anchors(Path page) throws IOException {
        if (!page.toString().endsWith(".md")) {
            return Set.of();
        }
        Matcher m = HEADING.matcher(Files.readString(page, StandardCharsets.UTF_8));
        List<String> titles = new ArrayList<>();
        while (m.find()) {
            titles.add(m.group(1));
        }
        return titles.stream().map(DocsLinksTest::slug).collect(Collectors.toSet());
    }

    /** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
    static String slug(String heading) {
        return heading.replaceAll("`", "").toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N} _-]", "").replace(' ', '-');
    }
}
