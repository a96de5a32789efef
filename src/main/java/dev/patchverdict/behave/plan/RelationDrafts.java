// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.plan;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.patchverdict.behave.BehaveException;
import java.util.Map;
import java.util.Optional;

/**
 * Writes relations for plan authors: one relation as a v0.2 plan holds it, built through the
 * model so that what is written reads back as written, and a plan with a relation added.
 */
public final class RelationDrafts {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private RelationDrafts() {}

    /**
     * The relation's JSON. Throws {@link IllegalArgumentException} naming what is wrong (an id, an
     * empty argv, an operator or option, an environment name).
     */
    public static ObjectNode relation(Relation r) {
        ObjectNode o = NODES.objectNode();
        o.put("id", r.id());
        r.description().ifPresent(d -> o.put("description", d));
        o.set("source", command(r.source(), "source"));
        o.set("followup", command(r.followup(), "followup"));
        ObjectNode rel = o.putObject("relation");
        rel.put("operator", r.relation().operator());
        if (r.relation().options().size() > 0) {
            rel.set("options", r.relation().options());
        }
        if (r.expectedExitCode() != 0) {
            o.put("expected_exit_code", r.expectedExitCode());
        }
        r.witness().ifPresent(w -> o.putObject("witness").put("polarity", w.key()));
        return o;
    }

    private static ObjectNode command(Command c, String which) {
        ObjectNode o = NODES.objectNode();
        ArrayNode argv = o.putArray("argv");
        c.argv().forEach(argv::add);
        if (!c.cwd().equals(".")) {
            o.put("cwd", c.cwd());
        }
        if (!c.env().isEmpty()) {
            ObjectNode env = o.putObject("env");
            for (Map.Entry<String, String> e : c.env().entrySet()) {
                if (!environmentName(e.getKey())) {
                    throw new IllegalArgumentException(which + ": environment name '" + e.getKey()
                            + "' must match [A-Za-z_][A-Za-z0-9_]*");
                }
                env.put(e.getKey(), e.getValue());
            }
        }
        c.timeoutSeconds().ifPresent(t -> o.put("timeout_seconds", t));
        return o;
    }

    private static boolean environmentName(String name) {
        if (name.isEmpty()) {
            return false;
        }
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            boolean letter = c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c == '_';
            if (!(letter || i > 0 && c >= '0' && c <= '9')) {
                return false;
            }
        }
        return true;
    }

    /**
     * {@code plan} (a v0.1 or v0.2 behavioural plan) with {@code relation} added last: a v0.2 plan,
     * read back by the plan reader before it is returned, so a plan that would not be valid (a
     * relation id declared twice, a copy of a relation) is refused here.
     */
    public static ObjectNode addTo(JsonNode plan, ObjectNode relation, String what) throws BehaveException {
        BehaviouralPlans.parse(plan, what);
        ObjectNode copy = ((ObjectNode) plan).deepCopy();
        copy.put("schema_version", BehaviouralPlan.V0_2);
        JsonNode relations = copy.get("relations");
        ArrayNode list = relations != null && relations.isArray() ? (ArrayNode) relations : copy.putArray("relations");
        list.add(relation);
        BehaviouralPlans.parse(copy, what + " with relation " + relation.path("id").asText());
        return copy;
    }

    /** Reads the relation back as a plan would, for a draft made from the command line. */
    public static Relation model(String id, Optional<String> description, Command source, Command followup,
            String operator, JsonNode options, int expectedExitCode, Optional<WitnessPolarity> witness) {
        return new Relation(id, description, source, followup, RelationOperator.parse(operator, options),
                expectedExitCode, witness);
    }
}
