// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.diff;

import dev.patchverdict.text.Utf8;
import java.lang.Character.UnicodeScript;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Path safety: what a path may not be for a patch to be applied safely on every platform git runs on.
 * The checks look at the unquoted bytes, one component at a time.
 */
final class PathRules {
    private PathRules() {}

    record Finding(DiagnosticCode code, String message) {}

    static List<Finding> check(byte[] p) {
        List<Finding> out = new ArrayList<>(2);
        String shown = Messages.escape(p, 0, p.length, 120);
        if (p.length == 0) {
            out.add(new Finding(DiagnosticCode.PATH_EMPTY_COMPONENT, "empty path"));
            return out;
        }
        if (p[0] == '/') {
            out.add(new Finding(DiagnosticCode.PATH_ABSOLUTE, "absolute path \"" + shown + "\""));
        }
        if (p.length >= 2 && p[1] == ':' && ((p[0] | 0x20) >= 'a' && (p[0] | 0x20) <= 'z')) {
            out.add(new Finding(DiagnosticCode.PATH_DRIVE_LETTER, "drive letter in \"" + shown + "\""));
        }
        if (p[p.length - 1] == '/') {
            out.add(new Finding(DiagnosticCode.PATH_TRAILING_SLASH, "path ends in '/': \"" + shown + "\""));
        }
        boolean backslash = false;
        boolean control = false;
        for (byte b : p) {
            if (b == '\\') {
                backslash = true;
            } else if ((b & 0xff) < 0x20 || b == 0x7f) {
                control = true;
            }
        }
        if (backslash) {
            out.add(new Finding(DiagnosticCode.PATH_BACKSLASH, "backslash in \"" + shown + "\""));
        }
        if (control) {
            out.add(new Finding(DiagnosticCode.PATH_CONTROL_CHARACTER, "control character in \"" + shown + "\""));
        }
        boolean utf8 = Utf8.isValid(p, 0, p.length);
        if (!utf8) {
            out.add(new Finding(DiagnosticCode.INVALID_UTF8_PATH, "path is not valid UTF-8: \"" + shown + "\""));
        } else {
            int inv = Utf8.firstInvisible(p, 0, p.length);
            if (inv >= 0) {
                out.add(new Finding(DiagnosticCode.INVISIBLE_CHARACTER,
                        String.format("U+%04X in path \"%s\"", inv, shown)));
            }
        }
        boolean empty = false;
        boolean dot = false;
        boolean dotdot = false;
        boolean gitDir = false;
        boolean confusable = false;
        int start = 0;
        int end = p[p.length - 1] == '/' ? p.length - 1 : p.length;
        for (int i = 0; i <= end; i++) {
            if (i == end || p[i] == '/') {
                int n = i - start;
                if (n == 0) {
                    // A leading '/' is the absolute-path finding, not an empty component.
                    if (!(start == 0 && p[0] == '/')) {
                        empty = true;
                    }
                } else if (n == 1 && p[start] == '.') {
                    dot = true;
                } else if (n == 2 && p[start] == '.' && p[start + 1] == '.') {
                    dotdot = true;
                } else {
                    boolean high = false;
                    boolean g = false;
                    for (int k = start; k < i; k++) {
                        high |= p[k] < 0;
                        g |= (p[k] | 0x20) == 'g';
                    }
                    // Only a component with a 'g' or a non-ASCII byte can spell .git; only non-ASCII can mix scripts.
                    if (high || g) {
                        String comp = new String(p, start, n, java.nio.charset.StandardCharsets.UTF_8);
                        if (isGitDirAlias(comp)) {
                            gitDir = true;
                        }
                        if (high && utf8 && mixesScripts(comp)) {
                            confusable = true;
                        }
                    }
                }
                start = i + 1;
            }
        }
        if (dotdot) {
            out.add(new Finding(DiagnosticCode.PATH_TRAVERSAL, "'..' in \"" + shown + "\""));
        }
        if (dot) {
            out.add(new Finding(DiagnosticCode.PATH_DOT_COMPONENT, "'.' component in \"" + shown + "\""));
        }
        if (empty) {
            out.add(new Finding(DiagnosticCode.PATH_EMPTY_COMPONENT, "empty component in \"" + shown + "\""));
        }
        if (gitDir) {
            out.add(new Finding(DiagnosticCode.PATH_GIT_DIR, "path inside .git: \"" + shown + "\""));
        }
        if (confusable) {
            out.add(new Finding(DiagnosticCode.CONFUSABLE_PATH,
                    "path component mixes Latin with Cyrillic or Greek letters: \"" + shown + "\""));
        }
        return out;
    }

    /**
     * ".git" as any file system may see it: any case, with trailing dots or spaces (NTFS), with an NTFS
     * stream suffix, its 8.3 short name "git~1", or with code points HFS+ ignores.
     */
    static boolean isGitDirAlias(String comp) {
        StringBuilder sb = new StringBuilder(comp.length());
        for (int i = 0; i < comp.length();) {
            int cp = comp.codePointAt(i);
            i += Character.charCount(cp);
            if (!hfsIgnorable(cp)) {
                sb.appendCodePoint(cp);
            }
        }
        String s = sb.toString().toLowerCase(Locale.ROOT);
        int colon = s.indexOf(':');
        if (colon >= 0) {
            s = s.substring(0, colon);
        }
        int e = s.length();
        while (e > 0 && (s.charAt(e - 1) == '.' || s.charAt(e - 1) == ' ')) {
            e--;
        }
        s = s.substring(0, e);
        return s.equals(".git") || s.equals("git~1");
    }

    /** Code points HFS+ drops when it compares names. */
    static boolean hfsIgnorable(int cp) {
        return (cp >= 0x200c && cp <= 0x200f)
                || (cp >= 0x202a && cp <= 0x202e)
                || (cp >= 0x206a && cp <= 0x206f)
                || cp == 0xfeff;
    }

    /** A component that mixes Latin letters with Cyrillic or Greek ones, the classic homoglyph disguise. */
    static boolean mixesScripts(String comp) {
        boolean latin = false;
        boolean other = false;
        for (int i = 0; i < comp.length();) {
            int cp = comp.codePointAt(i);
            i += Character.charCount(cp);
            if (!Character.isLetter(cp)) {
                continue;
            }
            UnicodeScript s = UnicodeScript.of(cp);
            if (s == UnicodeScript.LATIN) {
                latin = true;
            } else if (s == UnicodeScript.CYRILLIC || s == UnicodeScript.GREEK) {
                other = true;
            }
        }
        return latin && other;
    }
}
