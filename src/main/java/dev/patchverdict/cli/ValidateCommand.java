// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.patchverdict.behave.BehaveException;
import dev.patchverdict.behave.plan.BehaviouralPlan;
import dev.patchverdict.behave.plan.BehaviouralPlans;
import dev.patchverdict.json.JsonInputException;
import dev.patchverdict.json.StrictJson;
import dev.patchverdict.plan.DocumentModels;
import dev.patchverdict.record.Document;
import dev.patchverdict.record.DocumentReader;
import dev.patchverdict.record.DocumentType;
import dev.patchverdict.record.InvalidDocumentException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.TypeConversionException;

@Command(
        name = "validate",
        header = "Check records against their schemas and rules.",
        mixinStandardHelpOptions = true,
        description = {
            "Check that each file is a valid WorkUnit, ResultManifest, EvaluatorPlan, VerificationResult",
            "or BehaviouralPlan:",
            "strict JSON, a supported schema version, and the document's schema. Prints",
            "'OK <type> v<version> FILE', or one 'FILE: <problem>' line per problem.",
            "Exit 0 when every file is valid, 2 when any is invalid or unreadable. '-' reads standard input."
        })
final class ValidateCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--type", paramLabel = "TYPE", converter = TypeConverter.class,
            description = "Check every file as this type instead of detecting it: "
                    + "work-unit, result-manifest, evaluator-plan or verification-result.")
    DocumentType type;

    @Parameters(arity = "1..*", paramLabel = "FILE")
    List<String> files;

    @Override
    public Integer call() {
        return run(RootCommand.contextOf(spec));
    }

    /** The command itself, also called by {@link FastDispatch}. */
    Integer run(CliContext ctx) {
        DocumentReader reader = DocumentReader.strict();
        StrictJson json = StrictJson.withDefaults();
        int rc = ExitCode.PASSED;
        for (String name : files) {
            try {
                Path file = CommandFiles.input(ctx, name);
                JsonNode node = file == null ? json.read(ctx.in()) : json.read(file);
                if (type == null && BehaviouralPlans.isBehaviouralPlan(node)) {
                    // A separate evaluator's plan, with its own schema and reader.
                    BehaviouralPlan plan = BehaviouralPlans.parse(node, name);
                    ctx.out().println("OK BehaviouralPlan v" + plan.schemaVersion() + " " + name);
                    continue;
                }
                Document model = DocumentModels.map(type == null ? reader.validate(node) : reader.validateAs(node, type));
                ctx.out().println("OK " + model.documentVersion() + " " + name);
            } catch (JsonInputException e) {
                ctx.out().println(name + ": invalid JSON: " + e.getMessage());
                rc = ExitCode.UNDECIDED;
            } catch (InvalidDocumentException e) {
                e.messages().forEach(m -> ctx.out().println(name + ": " + m));
                rc = ExitCode.UNDECIDED;
            } catch (BehaveException e) {
                ctx.out().println(name + ": " + e.getMessage());
                rc = ExitCode.UNDECIDED;
            } catch (IOException e) {
                CommandFiles.printUnreadable(ctx, name, e);
                rc = ExitCode.UNDECIDED;
            }
        }
        return rc;
    }

    static final class TypeConverter implements ITypeConverter<DocumentType> {
        @Override
        public DocumentType convert(String value) {
            return DocumentType.fromSlug(value).orElseThrow(() -> new TypeConversionException("unknown document type '"
                    + value + "'; expected one of " + Arrays.stream(DocumentType.values()).map(DocumentType::slug)
                            .collect(Collectors.joining(", "))));
        }
    }
}
