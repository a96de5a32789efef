// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.cli;

import dev.patchverdict.calibrate.BuiltInMatrices;
import dev.patchverdict.calibrate.Calibration;
import dev.patchverdict.calibrate.MatrixException;
import dev.patchverdict.calibrate.MatrixReader;
import dev.patchverdict.report.IoMessages;
import dev.patchverdict.report.MatrixReport;
import dev.patchverdict.report.MatrixRenderers;
import dev.patchverdict.report.OutputFiles;
import dev.patchverdict.verify.Verifier;
import dev.patchverdict.verify.upstream.PyJson;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(
        name = "calibrate",
        header = "Check each plan version against a calibration matrix.",
        mixinStandardHelpOptions = true,
        description = {
            "Run a calibration matrix (candidates x EvaluatorPlans -> expected outcome) and print the table.",
            "Without --matrix, runs the built-in seed matrix: the correct replacement and the inert decoy",
            "under plans v0.2-v0.5. Exit 0 when every cell matches, 1 when one drifts, 2 when it cannot run."
        })
final class CalibrateCommand implements Callable<Integer> {
    enum Format { text, json, junit }

    @Spec
    CommandSpec spec;

    @Option(names = "--matrix", paramLabel = "FILE|seed|extended", description = "A matrix file, or a built-in matrix name (default: seed).")
    String matrix = "seed";

    @Option(names = "--format", paramLabel = "FORMAT", description = "${COMPLETION-CANDIDATES} (default: text).")
    Format format = Format.text;

    @Option(names = "--output", paramLabel = "FILE", description = "Write the report here (atomically) instead of standard output.")
    String output;

    @Option(names = "--force", description = "Replace an existing output file (never one of the inputs); its file mode is kept.")
    boolean force;

    @Override
    public Integer call() {
        CliContext ctx = RootCommand.contextOf(spec);
        if (output != null) {
            CommandFiles.checkOutput(output, ctx.resolve(output), BuiltInMatrices.FILES.containsKey(matrix)
                    ? java.util.Map.of() : java.util.Map.of("--matrix", ctx.resolve(matrix)), force);
        }
        Path scratch = null;
        MatrixReport report;
        try {
            Path file;
            if (BuiltInMatrices.FILES.containsKey(matrix)) {
                scratch = Files.createTempDirectory("patchverdict-calibrate-");
                file = BuiltInMatrices.extract(matrix, scratch);
            } else {
                file = ctx.resolve(matrix);
            }
            report = Calibration.run(MatrixReader.read(file), new Verifier(Environments.of(ctx)));
        } catch (MatrixException e) {
            throw new CliException(ExitCode.UNDECIDED, e.getMessage());
        } catch (IOException e) {
            throw CliException.undecided("calibrate", IoMessages.describe(e));
        } finally {
            OutputFiles.deleteScratch(scratch);
        }
        String text = switch (format) {
            case json -> PyJson.dumpsIndented(MatrixRenderers.json(report)) + "\n";
            case junit -> MatrixRenderers.junit(report);
            default -> MatrixRenderers.text(report);
        };
        if (output != null) {
            CommandFiles.write(output, ctx.resolve(output), text.getBytes(StandardCharsets.UTF_8));
        } else {
            ctx.out().print(text);
            ctx.out().flush();
        }
        return report.matches() ? ExitCode.PASSED : ExitCode.FAILED;
    }
}
