// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.patchverdict.behave.BehaveException;
import dev.patchverdict.behave.BehaveFixture;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** BehaviouralPlan v0.2: relations read strictly, every mistake refused with its place. */
class RelationPlansTest {
    static ObjectNode plan() {
        ObjectNode p = BehaviouralPlansTest.plan();
        p.put("schema_version", "0.2");
        ArrayNode rs = p.putArray("relations");
        rs.add(relation("reversal", "exact", null));
        rs.add(relation("grows", "numeric", "{\"comparison\": \">\", \"abs_tol\": 0.5}"));
        return p;
    }

    static ObjectNode relation(String id, String operator, String options) {
        ObjectNode r = (ObjectNode) BehaveFixture.parse("""
                {"id": "%s",
                 "source": {"argv": ["python3", "-c", "print(1)"], "env": {"PATH": "/usr/bin"}, "timeout_seconds": 5},
                 "followup": {"argv": ["python3", "-c", "print(2)"], "cwd": "src"},
                 "relation": {"operator": "%s"}}""".formatted(id, operator));
        if (options != null) {
            ((ObjectNode) r.get("relation")).set("options", BehaveFixture.parse(options));
        }
        return r;
    }

    static BehaviouralPlan parse(ObjectNode doc) throws BehaveException {
        return BehaviouralPlans.parse(doc, "plan.json");
    }

    static String refused(ObjectNode doc) {
        return assertThrows(BehaveException.class, () -> parse(doc)).getMessage();
    }

    @Test
    void readsRelationsIntoTheModel() throws Exception {
        BehaviouralPlan p = parse(plan());
        assertEquals("0.2", p.schemaVersion());
        assertEquals(RelationRules.DEFAULT, p.relationRules());
        assertEquals(2, p.relations().size());
        Relation reversal = p.relations().get(0);
        assertEquals(List.of("python3", "-c", "print(1)"), reversal.source().argv());
        assertEquals(Map.of("PATH", "/usr/bin"), reversal.source().env());
        assertEquals("src", reversal.followup().cwd());
        assertEquals(0, reversal.expectedExitCode(), "both runs must exit 0 unless declared");
        assertEquals(Optional.empty(), reversal.witness());
        assertInstanceOf(Equivalence.Exact.class, ((RelationOperator.Equivalent) reversal.relation()).equivalence());
        RelationOperator.Numeric grows = (RelationOperator.Numeric) p.relations().get(1).relation();
        assertEquals(RelationOperator.NumericComparison.GREATER, grows.comparison());
        assertEquals(0.5, grows.absTol());
        assertEquals(0.0, grows.relTol());
    }

    @Test
    void aVersionOnePlanIsReadAsBeforeWithNoRelations() throws Exception {
        BehaviouralPlan p = parse(BehaviouralPlansTest.plan());
        assertEquals("0.1", p.schemaVersion());
        assertEquals(List.of(), p.relations());
        assertTrue(!p.hasRelationsSection());
        ObjectNode withRelations = BehaviouralPlansTest.plan();
        withRelations.putArray("relations").add(relation("r", "exact", null));
        assertTrue(refused(withRelations).contains("BehaviouralPlan v0.1 schema"), refused(withRelations));
    }

    @Test
    void rulesAreReadAndBounded() throws Exception {
        ObjectNode p = plan();
        p.putObject("relation_rules").put("veto_min", 2).put("rescue", false);
        assertEquals(new RelationRules(2, false), parse(p).relationRules());
        p.putObject("relation_rules").put("veto_min", 3);
        assertTrue(refused(p).contains("veto_min is 3, but only 2 relations are declared"), refused(p));
        p.putObject("relation_rules").put("veto_min", 0);
        assertTrue(refused(p).contains("/relation_rules/veto_min"), refused(p));
        p.putObject("relation_rules").put("rescue_min_holding", 1);
        assertTrue(refused(p).contains("rescue_min_holding"), refused(p));
    }

    @Test
    void aVersionTwoPlanNeedsARelation() {
        ObjectNode p = plan();
        p.putArray("relations");
        assertTrue(refused(p).contains("/relations"), refused(p));
        p.remove("relations");
        assertTrue(refused(p).contains("relations"), refused(p));
    }

    @Test
    void unknownOperatorsAndBadOptionsAreRefusedNeverGuessed() {
        for (String[] bad : new String[][] {
                {"median", null, "/relations/0/relation/operator"},
                {"numeric", null, "/relations/0/relation: numeric needs a comparison"},
                {"numeric", "{\"comparison\": \"==\"}", "comparison must be one of <, <=, =, >=, >"},
                {"numeric", "{\"comparison\": \"=\", \"abs_tol\": -1}", "abs_tol must be a finite number >= 0"},
                {"numeric", "{\"comparison\": \"=\", \"within\": 1}", "unknown option 'within' for numeric"},
                {"tolerant", null, "tolerant needs abs_tol or rel_tol"},
                {"canonical", "{\"ignore_keys\": \"t\"}", "ignore_keys must be an array of strings"},
                {"exact", "{\"x\": 1}", "operator exact takes no options"},
                {"subset_of", "{\"x\": 1}", "operator subset_of takes no options"}}) {
            ObjectNode p = plan();
            ((ArrayNode) p.get("relations")).set(0, relation("r", bad[0], bad[1]));
            String m = refused(p);
            assertTrue(m.contains(bad[2]), bad[0] + " " + bad[1] + ": " + m);
        }
    }

    @Test
    void relationsAreCheckedAsChecksAre() {
        ObjectNode dup = plan();
        ((ArrayNode) dup.get("relations")).add(relation("reversal", "set", null));
        assertTrue(refused(dup).contains("relation id 'reversal' is declared twice"), refused(dup));
        ObjectNode copy = plan();
        ObjectNode twin = relation("reversal-again", "exact", null);
        ((ArrayNode) copy.get("relations")).add(twin);
        assertTrue(refused(copy).contains("relations 'reversal' and 'reversal-again' are the same relation"), refused(copy));
        ObjectNode same = plan();
        ((ObjectNode) same.get("relations").get(0)).set("followup", same.get("relations").get(0).get("source").deepCopy());
        assertTrue(refused(same).contains("the source and the followup are the same run"), refused(same));
        ObjectNode climbing = plan();
        ((ObjectNode) climbing.get("relations").get(0).get("followup")).put("cwd", "../x");
        assertTrue(refused(climbing).contains("/relations/0/followup/cwd"), refused(climbing));
        ObjectNode shell = plan();
        ((ObjectNode) shell.get("relations").get(0).get("source")).put("argv", "python3 -c 'print(1)'");
        assertTrue(refused(shell).contains("/relations/0/source/argv"), refused(shell));
        ObjectNode status = plan();
        ((ObjectNode) status.get("relations").get(0)).put("expected_exit_code", 256);
        assertTrue(refused(status).contains("/relations/0/expected_exit_code"), refused(status));
        ObjectNode extra = plan();
        ((ObjectNode) extra.get("relations").get(0)).put("transform", "reverse");
        assertTrue(refused(extra).contains("transform"), refused(extra));
    }

    @Test
    void aDraftReadsBackAsWritten() throws Exception {
        Relation r = RelationDrafts.model("grows", Optional.of("appending a word adds one"),
                new Command(List.of("python3", "-c", "print(1)"), ".", Map.of("PATH", "/usr/bin"),
                        java.util.OptionalDouble.of(5)),
                new Command(List.of("python3", "-c", "print(2)"), "src", Map.of(), java.util.OptionalDouble.empty()),
                "numeric", BehaveFixture.parse("{\"comparison\": \">=\"}"), 3, Optional.of(WitnessPolarity.ANY));
        ObjectNode p = BehaviouralPlansTest.plan();
        ObjectNode added = RelationDrafts.addTo(p, RelationDrafts.relation(r), "plan.json");
        assertEquals("0.1", p.get("schema_version").textValue(), "the plan given is left as it was");
        BehaviouralPlan read = parse(added);
        assertEquals("0.2", read.schemaVersion());
        assertEquals(List.of(r), read.relations());
        String again = assertThrows(BehaveException.class,
                () -> RelationDrafts.addTo(added, RelationDrafts.relation(r), "plan.json")).getMessage();
        assertTrue(again.contains("relation id 'grows' is declared twice"), again);
        assertThrows(IllegalArgumentException.class, () -> RelationDrafts.relation(new Relation("x", Optional.empty(),
                new Command(List.of("a"), ".", Map.of("1BAD", "v"), java.util.OptionalDouble.empty()),
                r.followup(), r.relation(), 0, Optional.empty())));
    }
}
