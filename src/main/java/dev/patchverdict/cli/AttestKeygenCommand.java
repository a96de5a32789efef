// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.cli;

import dev.patchverdict.attest.KeyAlgorithm;
import dev.patchverdict.attest.SigningKey;
import dev.patchverdict.fs.Containment;
import dev.patchverdict.report.IoMessages;
import dev.patchverdict.report.OutputFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(
        name = "keygen",
        header = "Make a key pair to sign results with.",
        mixinStandardHelpOptions = true,
        description = {
            "Generate an attestation key pair: the private key as PEM PKCS#8 (file mode 0600), the public key as",
            "PEM SubjectPublicKeyInfo. Prints the public key and its key id (SHA-256 of the SubjectPublicKeyInfo DER).",
            "Never replaces an existing file."
        })
final class AttestKeygenCommand implements Callable<Integer> {
    static final String PRIVATE = "attest.key";
    static final String PUBLIC = "attest.pub";

    @Spec
    CommandSpec spec;

    @Option(names = "--out", paramLabel = "DIR", description = "Write DIR/" + PRIVATE + " and DIR/" + PUBLIC + " (DIR is created).")
    String dir;

    @Option(names = "--private", paramLabel = "FILE", description = "Where the private key goes (with --public).")
    String privateKey;

    @Option(names = "--public", paramLabel = "FILE", description = "Where the public key goes (with --private).")
    String publicKey;

    @Option(names = "--algorithm", paramLabel = "ALG", description = "ed25519 (default) or ecdsa-p256.")
    String algorithm = "ed25519";

    @Override
    public Integer call() {
        CliContext ctx = RootCommand.contextOf(spec);
        KeyAlgorithm alg;
        try {
            alg = KeyAlgorithm.parse(algorithm);
        } catch (IllegalArgumentException e) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), "--algorithm: " + e.getMessage());
        }
        Path priv;
        Path pub;
        if (dir != null && privateKey == null && publicKey == null) {
            Path d = ctx.resolve(dir);
            try {
                Files.createDirectories(d);
            } catch (IOException e) {
                throw CliException.undecided(dir, IoMessages.describe(e));
            }
            priv = d.resolve(PRIVATE);
            pub = d.resolve(PUBLIC);
        } else if (dir == null && privateKey != null && publicKey != null) {
            priv = ctx.resolve(privateKey);
            pub = ctx.resolve(publicKey);
            try {
                // the files the kernel would open: a linked folder or '..' can make two spellings one file
                if (Containment.resolve(priv).equals(Containment.resolve(pub))) {
                    throw CliException.usage("--private and --public name the same file");
                }
            } catch (IOException e) {
                throw CliException.undecided("keygen", IoMessages.describe(e));
            }
        } else {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), "keygen takes --out DIR, or --private FILE and --public FILE");
        }
        for (Path p : new Path[] {priv, pub}) {
            if (Files.isSymbolicLink(p)) {
                throw CliException.undecided(p.toString(), "is a symbolic link; keygen writes a key only as a new file");
            }
            if (Files.exists(p, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                throw CliException.undecided(p.toString(), "exists; keygen never replaces a key");
            }
        }
        SigningKey key = SigningKey.generate(alg, new SecureRandom());
        try {
            OutputFiles.writeAtomically(priv, key.pem().getBytes(StandardCharsets.US_ASCII));
            setMode(priv, "rw-------");
            OutputFiles.writeAtomically(pub, key.publicKey().pem().getBytes(StandardCharsets.US_ASCII));
            setMode(pub, "rw-r--r--");
        } catch (IOException e) {
            throw CliException.undecided("keygen", IoMessages.describe(e));
        }
        ctx.out().print(key.publicKey().pem());
        ctx.out().println("keyid: " + key.publicKey().keyId());
        ctx.out().println("algorithm: " + alg.wire());
        ctx.out().println("private key: " + priv + " (mode 0600)");
        ctx.out().println("public key: " + pub);
        ctx.out().flush();
        return ExitCode.PASSED;
    }

    private static void setMode(Path p, String mode) throws IOException {
        try {
            Files.setPosixFilePermissions(p, PosixFilePermissions.fromString(mode));
        } catch (UnsupportedOperationException e) {
            // not a POSIX file system: the platform's own protection applies
        }
    }
}
