// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.diff;

import java.util.Locale;
import java.util.Optional;

/**
 * Every problem the reader can report. The names are stable: tools and fixtures match on them, so a code
 * is never renamed or reused for another meaning.
 */
public enum DiagnosticCode {
    // What git apply itself refuses (or, for BINARY_PATCH_CORRUPT, stops reading at).
    NO_VALID_PATCHES(Category.GIT, "the input holds no file section"),
    FRAGMENT_WITHOUT_HEADER(Category.GIT, "a hunk header outside any file section"),
    HUNK_HEADER_MALFORMED(Category.GIT, "a hunk header that does not parse"),
    HUNK_CORRUPT_LINE(Category.GIT, "a line inside a hunk body that is not a body line"),
    HUNK_TRUNCATED(Category.GIT, "the input or the hunk body ends before the header's line counts are met"),
    HUNK_COUNT_MISMATCH(Category.GIT, "a hunk body with more lines of one side than its header counts"),
    HUNK_NO_CHANGE(Category.GIT, "a hunk without any added or removed line"),
    NEW_FILE_HAS_OLD_LINES(Category.GIT, "a new file whose hunks remove or keep old lines"),
    DELETED_FILE_HAS_NEW_LINES(Category.GIT, "a deleted file whose hunks add or keep lines"),
    HEADER_INCONSISTENT(Category.GIT, "more than one of new, deleted, rename and copy in one header"),
    HEADER_NAME_INCONSISTENT(Category.GIT, "file names in one header that disagree with each other"),
    HEADER_MODE_INVALID(Category.GIT, "a mode that does not parse"),
    HEADER_MISSING_NAME(Category.GIT, "a header from which no file name can be taken"),
    BINARY_PATCH_CORRUPT(Category.GIT, "a binary payload that does not decode; git stops reading there"),
    LINE_TOO_LONG(Category.GIT, "a line longer than the reader's line limit; reading stops there"),
    HEADER_TOO_LONG(Category.GIT, "a header line longer than the reader's header limit; reading stops there"),
    TOO_MANY_SECTIONS(Category.GIT, "more file sections than the reader's section limit; reading stops there"),
    INPUT_UNREADABLE(Category.GIT, "the input could not be read to its end"),

    // Structure git tolerates but a strict reader must not.
    LEADING_GARBAGE(Category.STRUCTURE, "text other than blank lines before the first file section"),
    TRAILING_GARBAGE(Category.STRUCTURE, "text after a file section's last hunk or header"),
    HUNK_OVERRUN(Category.STRUCTURE, "body lines after a hunk's counts are met, which git silently drops"),
    NOT_GIT_DIFF(Category.STRUCTURE, "a file section without a diff --git line"),
    COMBINED_DIFF(Category.STRUCTURE, "a combined (merge) diff, which cannot be applied"),
    UNKNOWN_HEADER_LINE(Category.STRUCTURE, "an extended header line git does not define"),
    DUPLICATE_HEADER_LINE(Category.STRUCTURE, "the same extended header line twice in one section"),
    RENAME_INCOMPLETE(Category.STRUCTURE, "a rename or copy without both its from and to lines"),
    SIMILARITY_OUT_OF_RANGE(Category.STRUCTURE, "a similarity or dissimilarity index outside 0-100%"),
    MODE_NONCANONICAL(Category.STRUCTURE, "a mode other than 100644, 100755, 120000 or 160000"),
    INDEX_MALFORMED(Category.STRUCTURE, "an index line that is not <hex>..<hex>[ <mode>]"),
    DIFF_GIT_NAME_MISMATCH(Category.STRUCTURE, "---/+++ or rename names that disagree with the diff --git line"),
    DEV_NULL_UNEXPECTED(Category.STRUCTURE, "/dev/null for a file that is not new or deleted"),
    HEADER_ONLY_NO_CHANGE(Category.STRUCTURE, "a section with neither hunks nor any metadata change"),
    HUNK_OVERLAP(Category.STRUCTURE, "a hunk whose old range overlaps the previous hunk's"),
    HUNK_OUT_OF_ORDER(Category.STRUCTURE, "a hunk that starts before the previous hunk"),
    HUNK_START_MISMATCH(Category.STRUCTURE, "a new-side start that earlier hunks' line deltas do not explain"),
    NO_NEWLINE_MARKER_MALFORMED(Category.STRUCTURE, "a '\\' line other than '\\ No newline at end of file'"),
    NO_NEWLINE_MARKER_MISPLACED(Category.STRUCTURE, "a no-newline marker that is not at the end of a side"),
    NUMBER_OVERFLOW(Category.STRUCTURE, "a number too large for a line count or position"),
    DUPLICATE_PATH(Category.STRUCTURE, "the same path's fate stated by two sections"),
    HUNK_AFTER_FILE_END(Category.STRUCTURE, "a hunk after one without trailing context, which git applies only at the end of the file"),
    BINARY_WITHOUT_PAYLOAD(Category.STRUCTURE, "'Binary files ... differ' with no data to apply"),

    // Bytes.
    CR_IN_LINE(Category.ENCODING, "a carriage return inside a line"),
    // A policy, not an encoding rule: files of some repositories end their lines in CRLF, and a patch to them must too.
    CRLF_LINE_ENDING(Category.POLICY, "a line ending in CRLF", "crlf"),
    MISSING_FINAL_NEWLINE(Category.ENCODING, "the input does not end with a newline"),
    CONTROL_CHARACTER(Category.ENCODING, "NUL or another C0 control character other than TAB"),
    INVALID_UTF8_LINE(Category.ENCODING, "a body line that is not valid UTF-8"),
    INVALID_UTF8_PATH(Category.PATH, "a path that is not valid UTF-8"),

    // Paths.
    PATH_ABSOLUTE(Category.PATH, "an absolute path"),
    PATH_TRAVERSAL(Category.PATH, "a '..' path component"),
    PATH_DOT_COMPONENT(Category.PATH, "a '.' path component"),
    PATH_EMPTY_COMPONENT(Category.PATH, "an empty path or path component ('//')"),
    PATH_TRAILING_SLASH(Category.PATH, "a path ending in '/'"),
    PATH_BACKSLASH(Category.PATH, "a backslash in a path"),
    PATH_DRIVE_LETTER(Category.PATH, "a path starting with a drive letter"),
    PATH_CONTROL_CHARACTER(Category.PATH, "a control character in a path"),
    PATH_GIT_DIR(Category.PATH, "a path inside .git or one of its NTFS/HFS aliases"),
    PATH_BELOW_SYMLINK(Category.PATH, "a path below a symbolic link the patch creates"),
    PATH_NONCANONICAL_QUOTING(Category.PATH, "a quoted path not in git's canonical C quoting"),
    PATH_NUL(Category.PATH, "a NUL byte (\\000) in a quoted path"),

    // Policy: the caller decides whether these reject.
    SYMLINK(Category.POLICY, "a symbolic link (mode 120000)", "symlink"),
    SUBMODULE(Category.POLICY, "a submodule entry (mode 160000)", "submodule"),
    EXECUTABLE_BIT(Category.POLICY, "a file made or created executable, or made not executable", "mode"),
    BINARY_PATCH(Category.POLICY, "a binary payload", "binary"),
    INVISIBLE_CHARACTER(Category.POLICY, "a bidirectional-control or zero-width character", "invisible"),
    CONFUSABLE_PATH(Category.POLICY, "a path component mixing Latin with Cyrillic or Greek letters", "confusable"),
    SWALLOWED_HEADER(Category.POLICY, "a ---/+++/@@ header triple inside a hunk body", "swallowed-header");

    /** Where a code comes from; profiles assign severities by category and by code. */
    public enum Category {
        /** git apply --numstat refuses it. */
        GIT,
        STRUCTURE,
        ENCODING,
        PATH,
        POLICY
    }

    private final Category category;
    private final String description;
    private final String allowKey;

    DiagnosticCode(Category category, String description) {
        this(category, description, null);
    }

    DiagnosticCode(Category category, String description, String allowKey) {
        this.category = category;
        this.description = description;
        this.allowKey = allowKey;
    }

    public Category category() {
        return category;
    }

    public String description() {
        return description;
    }

    /** The name {@code --allow} takes for a policy finding. */
    public Optional<String> allowKey() {
        return Optional.ofNullable(allowKey);
    }

    /** Every name {@code --allow} takes, in code order, comma-separated: what a usage message lists. */
    public static String allowKeys() {
        StringBuilder sb = new StringBuilder();
        for (DiagnosticCode c : values()) {
            if (c.allowKey != null) {
                sb.append(sb.length() == 0 ? "" : ", ").append(c.allowKey);
            }
        }
        return sb.toString();
    }

    /** The policy code an {@code --allow} name stands for, matching the key or the code name. */
    public static Optional<DiagnosticCode> policyByAllowKey(String key) {
        String k = key.trim().toLowerCase(Locale.ROOT);
        for (DiagnosticCode c : values()) {
            if (c.category == Category.POLICY
                    && (k.equals(c.allowKey) || k.equals(c.name().toLowerCase(Locale.ROOT)))) {
                return Optional.of(c);
            }
        }
        return Optional.empty();
    }
}
