// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.verify.upstream;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class TransitionRemovedLinesTest {

    @Test
    void collectsRemovedLinesButNotFileHeaders() throws Exception {
        String text = String.join("\n", "diff --git a/x b/x", "--- a/x", "+++ b/x", "@@ -1,5 +1,1 @@",
                "-unsafe_call(args.value)", "-", "---", "--- gone", "-unsafe_call(args.value)", "+safe_call(args.value)")
                + "\n";
        Parser011.parse(text);
        assertEquals(List.of("unsafe_call(args.value)", "", "--", "unsafe_call(args.value)"),
                TransitionRemovedLines.collect(text), "a removed line whose content starts '-- ' is dropped");
    }

    @Test
    void usesPythonLineSplitting() {
        assertEquals(List.of("a", "b"), TransitionRemovedLines.collect("-a\r\n-b\u2028+c"));
        assertEquals(List.of(), TransitionRemovedLines.collect(""));
    }
}
