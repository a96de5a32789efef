// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.patchverdict.behave.BehaveException;
import dev.patchverdict.behave.plan.Command;
import dev.patchverdict.behave.plan.Relation;
import dev.patchverdict.behave.plan.RelationDrafts;
import dev.patchverdict.behave.plan.WitnessPolarity;
import dev.patchverdict.json.JsonInputException;
import dev.patchverdict.json.PrettyJson;
import dev.patchverdict.json.StrictJson;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.concurrent.Callable;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

@picocli.CommandLine.Command(name = "plan", header = "Help write a behavioural plan.", mixinStandardHelpOptions = true,
        description = "Help write a BehaviouralPlan.", subcommands = {BehavePlanCommand.Relation.class})
final class BehavePlanCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        throw new ParameterException(spec.commandLine(), "a subcommand is required (behave plan relation)");
    }

    @picocli.CommandLine.Command(
            name = "relation",
            header = "Write a metamorphic relation for a BehaviouralPlan v0.2.",
            mixinStandardHelpOptions = true,
            description = {
                "Write a relation: a source run, a followup run on the input you transformed, and what must hold",
                "between their standard outputs, read as 'followup OPERATOR source'. Give each argv word with its",
                "own --source or --followup (nothing goes through a shell). Prints the relation as a plan holds",
                "it; with --plan and --output, writes that plan with the relation added, as v0.2.",
                "",
                "Operators: exact, set, canonical, tolerant (followup equivalent to source, with the checks'",
                "options), permutation_of, subset_of (items: JSON array elements, or lines), numeric (options",
                "{\"comparison\": \"<\" | \"<=\" | \"=\" | \">=\" | \">\", \"abs_tol\": X, \"rel_tol\": X})."
            })
    static final class Relation implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Option(names = "--id", required = true, paramLabel = "ID", description = "The relation's id.")
        String id;

        @Option(names = "--description", paramLabel = "TEXT", description = "What the relation says.")
        String description;

        @Option(names = "--source", required = true, paramLabel = "WORD",
                description = "One word of the source run's argv, in order. Repeatable.")
        List<String> source = new ArrayList<>();

        @Option(names = "--followup", required = true, paramLabel = "WORD",
                description = "One word of the followup run's argv, in order. Repeatable.")
        List<String> followup = new ArrayList<>();

        @Option(names = "--relation", required = true, paramLabel = "OPERATOR",
                description = "exact, set, canonical, tolerant, permutation_of, subset_of or numeric.")
        String operator;

        @Option(names = "--options", paramLabel = "JSON", description = "The operator's options, a JSON object.")
        String options;

        @Option(names = "--env", paramLabel = "NAME=VALUE",
                description = "The whole environment of both runs, one variable each. Repeatable.")
        List<String> env = new ArrayList<>();

        @Option(names = "--cwd", paramLabel = "DIR", description = "Both runs' folder in the tree (default: .).")
        String cwd = ".";

        @Option(names = "--timeout-seconds", paramLabel = "S", description = "Each run's timeout (default: the plan's wall_seconds).")
        Double timeoutSeconds;

        @Option(names = "--expected-exit-code", paramLabel = "N",
                description = "The status both runs must exit with (default: ${DEFAULT-VALUE}).")
        int expectedExitCode = 0;

        @Option(names = "--witness", paramLabel = "POLARITY",
                description = "Each run must print a witness: positive, negative or any.")
        String witness;

        @Option(names = "--plan", paramLabel = "FILE", description = "A BehaviouralPlan v0.1 or v0.2 to add the relation to.")
        String plan;

        @Option(names = "--output", paramLabel = "FILE", description = "Where to write the plan with the relation added.")
        String output;

        @Option(names = "--force", description = "Replace an existing output file (never the plan).")
        boolean force;

        @Override
        public Integer call() {
            CliContext ctx = RootCommand.contextOf(spec);
            if ((plan == null) != (output == null)) {
                throw new ParameterException(spec.commandLine(), "--plan and --output go together");
            }
            if (plan != null) {
                CommandFiles.checkOutput(output, ctx.resolve(output), Map.of("--plan", ctx.resolve(plan)), force);
            }
            ObjectNode relation;
            try {
                Map<String, String> environment = new LinkedHashMap<>();
                for (String e : env) {
                    int eq = e.indexOf('=');
                    if (eq < 1) {
                        throw new IllegalArgumentException("--env must be NAME=VALUE: " + e);
                    }
                    environment.put(e.substring(0, eq), e.substring(eq + 1));
                }
                OptionalDouble timeout = timeoutSeconds == null ? OptionalDouble.empty() : OptionalDouble.of(timeoutSeconds);
                dev.patchverdict.behave.plan.Relation model = RelationDrafts.model(id, Optional.ofNullable(description),
                        new Command(source, cwd, environment, timeout), new Command(followup, cwd, environment, timeout),
                        operator, options == null ? null : optionsJson(), expectedExitCode,
                        Optional.ofNullable(witness).map(Relation::polarity));
                relation = RelationDrafts.relation(model);
            } catch (IllegalArgumentException e) {
                throw new ParameterException(spec.commandLine(), "behave plan relation: " + e.getMessage());
            }
            if (plan == null) {
                ctx.out().print(PrettyJson.text(relation));
                return ExitCode.PASSED;
            }
            JsonNode doc;
            try {
                doc = StrictJson.withDefaults().read(CommandFiles.read(ctx, plan));
            } catch (JsonInputException e) {
                throw CliException.undecided(plan, "invalid JSON: " + e.getMessage());
            }
            try {
                ObjectNode updated = RelationDrafts.addTo(doc, relation, plan);
                CommandFiles.write(output, ctx.resolve(output), PrettyJson.text(updated).getBytes(StandardCharsets.UTF_8));
                ctx.out().println("wrote " + output + " (BehaviouralPlan v0.2, " + updated.get("relations").size()
                        + " relations)");
                return ExitCode.PASSED;
            } catch (BehaveException e) {
                throw CliException.undecided(e.what(), e.getMessage());
            }
        }

        private static WitnessPolarity polarity(String key) {
            return switch (key) {
                case "positive", "negative", "any" -> WitnessPolarity.of(key);
                default -> throw new IllegalArgumentException("--witness must be positive, negative or any: " + key);
            };
        }

        private JsonNode optionsJson() {
            try {
                return StrictJson.withDefaults().read(options);
            } catch (JsonInputException e) {
                throw new IllegalArgumentException("--options is not JSON: " + e.getMessage(), e);
            }
        }
    }
}
