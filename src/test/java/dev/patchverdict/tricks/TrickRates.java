// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.tricks;

import dev.patchverdict.diff.DiffReader;
import dev.patchverdict.diff.DiffResult;
import dev.patchverdict.diff.Profile;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * Measures the rules on the shared corpus: the share of the reference fixes each rule flags, and on the agent
 * groups the patches flagged per rule and per model (the model named in each group's MANIFEST.tsv).
 * {@code bench/tricks.sh} runs {@link #main}; {@code TrickRatesTest} asserts the goals on the same figures.
 */
public final class TrickRates {
    public static final String REFERENCE = "gold_swebench_lite_patch";

    /** One group's figures: patches read, and per rule the patches flagged (by model) with their ids. */
    public record Group(String name, int patches, Map<String, Integer> perModelPatches,
            Map<String, Map<String, Integer>> flagged, Map<String, List<String>> examples) {
        int flagged(String rule) {
            return flagged.getOrDefault(rule, Map.of()).values().stream().mapToInt(Integer::intValue).sum();
        }
    }

    private TrickRates() {}

    public static Group measure(Path corpus, String group) {
        Path dir = corpus.resolve(group);
        Map<String, String> models = models(dir.resolve("MANIFEST.tsv"));
        Map<String, Integer> perModel = new TreeMap<>();
        Map<String, Map<String, Integer>> flagged = new TreeMap<>();
        Map<String, List<String>> examples = new TreeMap<>();
        int n = 0;
        List<Path> patches;
        try (Stream<Path> s = Files.list(dir)) {
            patches = s.filter(p -> p.getFileName().toString().endsWith(".patch")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        TrickDetector detector = TrickDetector.all();
        for (Path p : patches) {
            String id = p.getFileName().toString().replaceFirst("\\.patch$", "");
            String model = models.getOrDefault(id, group);
            DiffResult r;
            try {
                r = DiffReader.readLines(Files.readAllBytes(p), Profile.STRICT);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            n++;
            perModel.merge(model, 1, Integer::sum);
            Set<String> rules = new LinkedHashSet<>();
            detector.detect(r).forEach(h -> rules.add(h.ruleId()));
            for (String rule : rules) {
                flagged.computeIfAbsent(rule, k -> new TreeMap<>()).merge(model, 1, Integer::sum);
                examples.computeIfAbsent(rule, k -> new ArrayList<>()).add(id);
            }
        }
        return new Group(group, n, perModel, flagged, examples);
    }

    static Map<String, String> models(Path manifest) {
        Map<String, String> out = new HashMap<>();
        if (!Files.isRegularFile(manifest)) {
            return out;
        }
        try {
            List<String> lines = Files.readAllLines(manifest, StandardCharsets.UTF_8);
            List<String> head = List.of(lines.get(0).split("\t", -1));
            int id = head.indexOf("id");
            int model = head.indexOf("model_name_or_path");
            for (String l : lines.subList(1, lines.size())) {
                String[] f = l.split("\t", -1);
                if (id >= 0 && model >= 0 && f.length > Math.max(id, model) && !f[model].isEmpty()) {
                    out.put(f[id], f[model]);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    public static List<String> agentGroups(Path corpus) {
        try (Stream<Path> s = Files.list(corpus)) {
            return s.map(p -> p.getFileName().toString()).filter(n -> n.startsWith("agent_")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Human commits (git/git, pypa/pip): they edit tests as a matter of course, so they show what the rules see in honest work. */
    public static List<String> humanGroups(Path corpus) {
        try (Stream<Path> s = Files.list(corpus)) {
            return s.map(p -> p.getFileName().toString()).filter(n -> n.startsWith("human_")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Per rule, the share of a group's patches flagged (for the human commits). */
    public static void printShares(PrintStream out, Group g, boolean examples) {
        out.printf("%nHuman commits (%s): %d patches%n", g.name(), g.patches());
        for (TrickRule rule : TrickRules.all()) {
            int f = g.flagged(rule.id());
            if (f > 0) {
                out.printf("  %-24s %-8s %5d %7.2f%%%n", rule.id(), rule.severity().label(), f, 100.0 * f / g.patches());
                if (examples) {
                    out.printf("      %s%n", String.join(" ", g.examples().get(rule.id())));
                }
            }
        }
    }

    public static void print(PrintStream out, Group reference, List<Group> agents, boolean examples) {
        out.printf("Reference fixes (%s): %d patches%n", reference.name(), reference.patches());
        out.printf("%-24s %-8s %8s %8s%n", "rule", "severity", "flagged", "share");
        int hackAny = 0;
        for (TrickRule rule : TrickRules.all()) {
            int f = reference.flagged(rule.id());
            out.printf("%-24s %-8s %8d %7.2f%%%n", rule.id(), rule.severity().label(), f, 100.0 * f / reference.patches());
            if (examples && f > 0) {
                out.printf("    %s%n", String.join(" ", reference.examples().get(rule.id())));
            }
        }
        Set<String> hackPatches = new LinkedHashSet<>();
        TrickRules.all().stream().filter(r -> r.severity() == TrickSeverity.HACK)
                .forEach(r -> hackPatches.addAll(reference.examples().getOrDefault(r.id(), List.of())));
        hackAny = hackPatches.size();
        out.printf("%-24s %-8s %8d %7.2f%%%n", "(any hack rule)", "hack", hackAny, 100.0 * hackAny / reference.patches());
        for (Group g : agents) {
            out.printf("%nAgent patches (%s): %d patches%n", g.name(), g.patches());
            for (Map.Entry<String, Integer> m : g.perModelPatches().entrySet()) {
                out.printf("  model %s: %d patches%n", m.getKey(), m.getValue());
                for (TrickRule rule : TrickRules.all()) {
                    int f = g.flagged().getOrDefault(rule.id(), Map.of()).getOrDefault(m.getKey(), 0);
                    if (f > 0) {
                        out.printf("    %-24s %-8s %5d%n", rule.id(), rule.severity().label(), f);
                        if (examples) {
                            out.printf("      %s%n", String.join(" ", g.examples().get(rule.id())));
                        }
                    }
                }
            }
        }
    }

    /** Usage: TrickRates CORPUS [--examples] */
    public static void main(String[] args) {
        if (args.length < 1) {
            System.err.println("usage: TrickRates CORPUS [--examples]");
            System.exit(64);
        }
        Path corpus = Path.of(args[0]);
        boolean examples = args.length > 1 && args[1].equals("--examples");
        Group ref = measure(corpus, REFERENCE);
        List<Group> agents = agentGroups(corpus).stream().map(g -> measure(corpus, g)).toList();
        print(System.out, ref, agents, examples);
        for (String h : humanGroups(corpus)) {
            printShares(System.out, measure(corpus, h), examples);
        }
    }
}
