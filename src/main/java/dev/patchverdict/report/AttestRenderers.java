// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.report;

import java.util.List;

/** What {@code attest verify} prints: one line per check of each envelope, and a closing verdict line. */
public final class AttestRenderers {
    /** One check's line: the envelope's number in its file, the check, its state and why. */
    public record Row(int envelope, String check, String state, String detail) {}

    private AttestRenderers() {}

    public static String text(List<Row> rows, List<String> failedChecks) {
        StringBuilder sb = new StringBuilder();
        for (Row r : rows) {
            sb.append("envelope ").append(r.envelope()).append(' ').append(String.format("%-11s ", r.state()))
                    .append(r.check()).append(": ").append(dev.patchverdict.text.SafeText.escape(r.detail())).append('\n');
        }
        sb.append(failedChecks.isEmpty() ? "VALID: every check holds\n" : "INVALID: failed " + String.join(", ", failedChecks) + "\n");
        return sb.toString();
    }
}
