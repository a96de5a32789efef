// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.Locale;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/** The keys a case-insensitive, normalizing or 8.3 filesystem compares names by: any bytes give one, never an exception. */
class GitPathFileSystemKeyTest {
    @Property(tries = 3000)
    void anyBytesGiveKeysWithoutAnException(@ForAll("names") byte[] name) {
        GitPath p = new GitPath(name);
        p.fileSystemKey();
        p.shortNameStem();
        p.isShortNameAlias();
    }

    @Property(tries = 1000)
    void aNameAndItsCaseVariantShareAKey(@ForAll("words") String name) {
        assertEquals(GitPath.of(name).fileSystemKey(), GitPath.of(name.toUpperCase(Locale.ROOT)).fileSystemKey());
    }

    @Test
    void spellingsOneFileHasOnCaseInsensitiveOrNormalizingFilesystems() {
        String key = GitPath.of("docs/r\u00e9sum\u00e9.md").fileSystemKey();
        for (String same : new String[] {"DOCS/R\u00c9SUM\u00c9.MD", "docs/re\u0301sume\u0301.md", "docs./r\u00e9sum\u00e9.md. ",
                "docs/r\u00e9sum\u00e9.md::$DATA", "docs/r\u200c\u00e9sum\u00e9.md"}) {
            assertEquals(key, GitPath.of(same).fileSystemKey(), same);
        }
        assertNotEquals(key, GitPath.of("docs/resume.md").fileSystemKey());
        assertEquals(GitPath.of("src/unsafe_module.py").shortNameStem(), GitPath.of("src/UNSAFE~1.PY").shortNameStem());
        assertNull(GitPath.of("src/unsafe.py").shortNameStem(), "a name that fits 8.3 has no other");
    }

    @Provide
    Arbitrary<byte[]> names() {
        return Arbitraries.bytes().array(byte[].class).ofMaxSize(24)
                .injectDuplicates(0.1).edgeCases(e -> e.add(new byte[0]).add(".".getBytes()).add("~1".getBytes()));
    }

    @Provide
    Arbitrary<String> words() {
        return Arbitraries.strings().withChars("abcdefghijklmnopqrstuvwxyz/._-0123456789").ofMaxLength(20);
    }
}
