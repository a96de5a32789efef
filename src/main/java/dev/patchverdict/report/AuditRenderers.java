// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Map;

/** Audit output: one JSON object or one text block per bundle, and a closing summary table. */
public final class AuditRenderers {
    private AuditRenderers() {}

    /** {@code difference}: the JSON path where re-verifying first gave another result, or null. */
    public static ObjectNode json(String bundle, String verdict, List<String> reasons, List<String> advisories, String difference) {
        ObjectNode o = JsonNodeFactory.instance.objectNode();
        o.put("bundle", bundle);
        o.put("verdict", verdict);
        ArrayNode r = o.putArray("reasons");
        reasons.forEach(r::add);
        ArrayNode a = o.putArray("advisories");
        advisories.forEach(a::add);
        o.put("difference", difference);
        return o;
    }

    public static String text(String bundle, String verdict, List<String> reasons, List<String> advisories) {
        StringBuilder sb = new StringBuilder(verdict).append(' ').append(dev.patchverdict.text.SafeText.escape(bundle)).append('\n');
        reasons.forEach(r -> sb.append("  ").append(dev.patchverdict.text.SafeText.escape(r)).append('\n'));
        advisories.forEach(a -> sb.append("  advisory: ").append(dev.patchverdict.text.SafeText.escape(a)).append('\n'));
        return sb.toString();
    }

    public static String summary(Map<String, Integer> counts) {
        StringBuilder sb = new StringBuilder("\n| verdict | bundles |\n|---|---|\n");
        int total = 0;
        for (Map.Entry<String, Integer> e : counts.entrySet()) {
            sb.append("| ").append(e.getKey()).append(" | ").append(e.getValue()).append(" |\n");
            total += e.getValue();
        }
        return sb.append("| total | ").append(total).append(" |\n").toString();
    }
}
