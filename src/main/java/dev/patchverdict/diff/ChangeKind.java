// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.diff;

/** What a file section does to its file, most specific first: a renamed binary file is a RENAME. */
public enum ChangeKind {
    ADD,
    DELETE,
    RENAME,
    COPY,
    BINARY,
    MODE_CHANGE,
    MODIFY
}
