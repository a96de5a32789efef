// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.cli;

import dev.patchverdict.text.SafeText;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * The standard error every command writes to: whatever text reaches it is escaped as every message is
 * ({@link SafeText}), line feeds and tabs kept, so a name or message a worker chose cannot drive the terminal even
 * where a command prints it without thinking. Text only: bytes written as such pass unchanged.
 */
final class EscapedErr extends PrintStream {
    private EscapedErr(PrintStream target) {
        super(target, true, StandardCharsets.UTF_8);
    }

    static PrintStream wrap(PrintStream err) {
        return err instanceof EscapedErr ? err : new EscapedErr(err);
    }

    @Override
    public void print(String s) {
        super.print(SafeText.escapeKeepingLines(String.valueOf(s), SafeText.Style.MESSAGE));
    }

    @Override
    public void print(Object o) {
        print(String.valueOf(o));
    }

    @Override
    public void print(char[] s) {
        print(new String(s));
    }

    @Override
    public void print(char c) {
        print(String.valueOf(c));
    }
}
