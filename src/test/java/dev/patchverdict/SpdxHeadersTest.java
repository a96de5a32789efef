// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every source file the project writes says its licence in its first lines, as SPDX puts it. Data the tests read
 * (fixtures, records, schemas, JSON) is left as it is: its bytes are what the tests are about.
 */
class SpdxHeadersTest {
    static final String TAG = "SPDX-License-Identifier: Apache-2.0";
    static final Path ROOT = Path.of("").toAbsolutePath();
    /** Files outside these folders that are source too. */
    static final List<String> TOP = List.of("patchverdict", "pom.xml", "action.yml", ".pre-commit-hooks.yaml", ".ci/run");

    static boolean isSource(Path p) {
        String n = p.getFileName().toString();
        return n.endsWith(".java") || n.endsWith(".sh") || n.endsWith(".py") || n.endsWith(".properties")
                || n.endsWith(".xml") || n.endsWith(".yml") || n.endsWith(".yaml");
    }

    static List<Path> sources() throws IOException {
        List<Path> out = new ArrayList<>();
        for (String dir : List.of("src", "bench", "scripts", ".ci", "verification/fixtures/behave")) {
            Path d = ROOT.resolve(dir);
            if (!Files.isDirectory(d)) {
                continue;
            }
            try (Stream<Path> walk = Files.walk(d)) {
                walk.filter(Files::isRegularFile).filter(SpdxHeadersTest::isSource).sorted().forEach(out::add);
            }
        }
        for (String f : TOP) {
            Path p = ROOT.resolve(f);
            if (Files.isRegularFile(p) && !out.contains(p)) {
                out.add(p);
            }
        }
        return out;
    }

    @Test
    void everySourceFileNamesItsLicenceInItsFirstLines() throws IOException {
        List<Path> all = sources();
        assertTrue(all.size() > 500, "found only " + all.size() + " source files");
        List<String> without = new ArrayList<>();
        for (Path p : all) {
            List<String> head;
            try (Stream<String> lines = Files.lines(p, StandardCharsets.UTF_8)) {
                head = lines.limit(3).toList();
            }
            if (head.stream().noneMatch(l -> l.contains(TAG))) {
                without.add(ROOT.relativize(p).toString());
            }
        }
        assertEquals(List.of(), without, "add '// " + TAG + "' (or '# " + TAG + "' after a #! line, '<!-- " + TAG
                + " -->' after <?xml ...?>) at the top of each");
    }
}
