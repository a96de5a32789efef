// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.sandbox;

import dev.patchverdict.behave.BehaveException;
import dev.patchverdict.report.IoMessages;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Throw-away trees from a Git repository. A tree is the bound revision's files checked out
 * through a private index, with no {@code .git} at all, so a check cannot mine history (or the
 * future) from it. Git runs with system and global configuration ignored, and the trees are
 * checked out through a repository of the runner's own, so the repository's configuration is
 * ignored too. The candidate is applied inside the sandbox (by the behavioural runner).
 */
public final class GitTrees {
    private static final Duration GIT_TIMEOUT = Duration.ofMinutes(5);
    private static final long GIT_OUTPUT_CAP = 1 << 20;

    private final Path git;
    private final String searchPath;
    private final Path scratch;
    private int counter;
    private final Map<Path, Path> objectStores = new java.util.HashMap<>();

    public GitTrees(Path git, String searchPath, Path scratch) {
        this.git = git;
        this.searchPath = searchPath;
        this.scratch = scratch;
    }

    public static Optional<GitTrees> locate(HostTools tools, Path scratch) {
        return tools.find("git").map(g -> new GitTrees(g, tools.searchPath(), scratch));
    }

    /** The outcome of {@code git apply}: applied, or refused with git's own words. */
    public sealed interface ApplyOutcome {
        record Applied() implements ApplyOutcome {}

        record Refused(String gitMessage) implements ApplyOutcome {}

        /** git apply could not be run to an outcome (no sandbox, a limit, a timeout). */
        record Undecided(String why) implements ApplyOutcome {}
    }

    /** The full commit id a revision names in the repository, if it names a commit. */
    public Optional<String> resolveCommit(Path repo, String revision) throws BehaveException {
        ProcessSupervisor.Finished f = git(scratch, neutral(repo), "rev-parse", "--verify", "--quiet",
                "--end-of-options", revision + "^{commit}");
        if (f.exitCode().orElse(-1) != 0) {
            return Optional.empty();
        }
        return Optional.of(f.stdout().text().strip());
    }

    /** Whether the directory is (inside) a Git repository. */
    public boolean isRepository(Path repo) throws BehaveException {
        return Files.isDirectory(repo) && git(repo, Map.of(), "rev-parse", "--git-dir").exitCode().orElse(-1) == 0;
    }

    /**
     * Checks the commit out into a new directory under the scratch area, without any .git, as git
     * checks it out: the commit's own {@code .gitattributes} act ({@code ident}, {@code text} and
     * {@code eol}, {@code working-tree-encoding}; filter drivers are configured nowhere, so none
     * runs). The repository is only a store of objects here: git runs in an empty repository of
     * the runner's own that borrows them, so nothing of the repository's configuration (fsmonitor,
     * filter drivers, hooks, attributes files) takes part.
     */
    public Path export(Path repo, String commit, String name) throws BehaveException {
        return export(repo, commit, name, false);
    }

    /**
     * The commit's files exactly as git stores them, every attribute unset, so a patch made from
     * the stored blobs applies to them whatever the commit's {@code .gitattributes} say; the tree
     * is then checked out in place once the patch is in (see the behavioural runner).
     */
    public Path exportBlobs(Path repo, String commit, String name) throws BehaveException {
        return export(repo, commit, name, true);
    }

    /**
     * What {@code $GIT_DIR/info/attributes}, which outranks every {@code .gitattributes}, says to
     * check the stored bytes out unchanged: the attributes that convert content, all unset.
     */
    public static final String UNCONVERTED = "* -text -eol -crlf -ident -filter -working-tree-encoding\n";

    private Path export(Path repo, String commit, String name, boolean blobs) throws BehaveException {
        Path dest;
        Path index;
        synchronized (this) {
            counter++;
            dest = scratch.resolve(name + "-" + counter);
            index = scratch.resolve("index-" + counter);
        }
        try {
            Files.createDirectories(dest);
        } catch (IOException e) {
            throw new BehaveException(dest.toString(), "cannot create a tree: " + IoMessages.describe(e), e);
        }
        Map<String, String> env = new LinkedHashMap<>(neutral(repo, blobs));
        env.put("GIT_INDEX_FILE", index.toString());
        env.put("GIT_WORK_TREE", dest.toString());
        check(git(dest, env, "read-tree", commit), "read-tree " + commit);
        check(git(dest, env, "checkout-index", "--all", "--force"), "checkout-index");
        try {
            Files.deleteIfExists(index);
        } catch (IOException e) {
            // A stray index file in the scratch area is harmless; it goes with the area.
        }
        return dest;
    }

    /**
     * The environment that points git at an empty repository of the runner's own, borrowing the
     * objects: one that checks out as git does, or ({@code blobs}) one whose info/attributes
     * unset every converting attribute.
     */
    private Map<String, String> neutral(Path repo) throws BehaveException {
        return neutral(repo, false);
    }

    private Map<String, String> neutral(Path repo, boolean blobs) throws BehaveException {
        Path objects;
        Path own;
        synchronized (this) {
            objects = objectStores.get(repo);
            if (objects == null) {
                String common = check(git(repo, Map.of(), "rev-parse", "--path-format=absolute", "--git-common-dir"),
                        "rev-parse --git-common-dir").stdout().text().strip();
                objects = Path.of(common, "objects");
                objectStores.put(repo, objects);
            }
            own = scratch.resolve(blobs ? "blobs.git" : "neutral.git");
            if (!Files.isDirectory(own)) {
                // No template: the runner's repository starts without hooks or info/attributes.
                check(git(scratch, Map.of(), "init", "--quiet", "--bare", "--template=", own.toString()),
                        "init");
                if (blobs) {
                    try {
                        Files.writeString(Files.createDirectories(own.resolve("info")).resolve("attributes"),
                                UNCONVERTED);
                    } catch (IOException e) {
                        throw new BehaveException(own.toString(), "cannot write info/attributes: "
                                + IoMessages.describe(e), e);
                    }
                }
            }
        }
        return Map.of("GIT_DIR", own.toString(), "GIT_ALTERNATE_OBJECT_DIRECTORIES", objects.toString());
    }

    public String version() throws BehaveException {
        String v = check(git(scratch, Map.of(), "--version"), "--version").stdout().text().strip();
        return v.startsWith("git version ") ? v.substring("git version ".length()) : v;
    }

    private String gitDir(Path repo) throws BehaveException {
        return check(git(repo, Map.of(), "rev-parse", "--absolute-git-dir"), "rev-parse --absolute-git-dir")
                .stdout().text().strip();
    }

    private static ProcessSupervisor.Finished check(ProcessSupervisor.Finished f, String what) throws BehaveException {
        if (f.exitCode().orElse(-1) != 0) {
            throw new BehaveException("git " + what, f.timedOut() ? "timed out"
                    : new String(f.stderr().bytes(), StandardCharsets.UTF_8).strip());
        }
        return f;
    }

    private ProcessSupervisor.Finished git(Path cwd, Map<String, String> extraEnv, String... args)
            throws BehaveException {
        List<String> cmd = new ArrayList<>();
        cmd.add(git.toString());
        cmd.add("-c");
        cmd.add("core.autocrlf=false");
        cmd.add("-c");
        cmd.add("core.symlinks=true");
        // Attributes come from the commit alone: no user's attributes file, no hooks, no fsmonitor.
        cmd.add("-c");
        cmd.add("core.attributesFile=/dev/null");
        cmd.add("-c");
        cmd.add("core.hooksPath=/dev/null");
        cmd.add("-c");
        cmd.add("core.fsmonitor=false");
        cmd.addAll(List.of(args));
        Map<String, String> env = new LinkedHashMap<>();
        env.put("PATH", searchPath);
        env.put("LC_ALL", "C");
        env.put("GIT_CONFIG_NOSYSTEM", "1");
        env.put("GIT_CONFIG_GLOBAL", "/dev/null");
        // The host's /etc/gitattributes would otherwise act on every checkout.
        env.put("GIT_ATTR_NOSYSTEM", "1");
        env.put("GIT_TERMINAL_PROMPT", "0");
        env.put("HOME", scratch.toString());
        env.putAll(extraEnv);
        try {
            return ProcessSupervisor.run(cmd, cwd, env, GIT_TIMEOUT, GIT_OUTPUT_CAP);
        } catch (IOException e) {
            throw new BehaveException("git", "cannot run " + git + ": " + IoMessages.describe(e), e);
        }
    }
}
