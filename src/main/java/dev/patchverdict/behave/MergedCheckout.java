// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave;

import dev.patchverdict.behave.sandbox.GitTrees;
import java.util.List;
import java.util.Map;

/**
 * What turns the applied tree into the checkout of the merged commit, run inside the sandbox after
 * {@code git apply}. The tree was exported as the base's stored bytes ({@link GitTrees#exportBlobs})
 * and the candidate applied to them, so it holds the merged commit's blobs; where any
 * {@code .gitattributes} is in it, the tree is recorded in a throw-away repository under the
 * sandbox's {@code /tmp} with every converting attribute unset, and checked out again with the
 * merged commit's attributes acting, exactly as a checkout of the merge would: {@code ident}
 * expands, {@code text}/{@code eol} convert line ends, {@code working-tree-encoding} re-encodes.
 * No configuration is read (no system, global or user file, no hooks, no fsmonitor), so a
 * {@code filter} attribute names a driver that does not exist and nothing runs.
 */
final class MergedCheckout {
    private MergedCheckout() {}

    /** Fixed text; the attributes that keep the bytes unchanged are its only argument. */
    static final String SCRIPT = String.join("\n",
            "fail() { printf 'patchverdict: %s\\n' \"$1\" >&2; exit 1; }",
            "found=$(find . -name .gitattributes -print) || fail 'cannot look for .gitattributes files'",
            "[ -n \"$found\" ] || exit 0",
            "G=/tmp/merged.git",
            "g() { git --git-dir=\"$G\" --work-tree=. -c core.autocrlf=false -c core.symlinks=true -c core.filemode=true"
                    + " -c core.fsmonitor=false -c core.hooksPath=/dev/null -c core.attributesFile=/dev/null"
                    + " -c core.looseCompression=1 -c gc.auto=0 \"$@\"; }",
            "git init --quiet --bare --template= \"$G\" || fail 'git init failed'",
            "mkdir \"$G/info\" && printf '%s' \"$1\" > \"$G/info/attributes\" || fail 'cannot write info/attributes'",
            "g add --all --force -- . || fail 'git add failed'",
            "tree=$(g write-tree) || fail 'git write-tree failed'",
            "rm \"$G/info/attributes\" || fail 'cannot remove info/attributes'",
            "g read-tree \"$tree\" || fail 'git read-tree failed'",
            "g checkout-index --all --force || fail 'git checkout-index failed'",
            "");

    /** The command, run in the tree. */
    static List<String> argv() {
        return List.of("sh", "-c", SCRIPT, "merged-checkout", GitTrees.UNCONVERTED);
    }

    /**
     * The environment of every git the runner starts in the sandbox: no system or global
     * configuration, no system attributes, a home and configuration folder that are empty, and
     * no repository found above the tree.
     */
    static final Map<String, String> GIT_ENV = Map.of("PATH", "/usr/bin:/bin", "LC_ALL", "C", "HOME", "/tmp",
            "XDG_CONFIG_HOME", "/tmp", "GIT_CONFIG_NOSYSTEM", "1", "GIT_CONFIG_GLOBAL", "/dev/null",
            "GIT_ATTR_NOSYSTEM", "1", "GIT_CEILING_DIRECTORIES", "/", "GIT_TERMINAL_PROMPT", "0");
}
