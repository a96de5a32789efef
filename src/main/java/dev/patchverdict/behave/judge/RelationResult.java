// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.judge;

import dev.patchverdict.behave.plan.Relation;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;

/** What one relation showed on the base tree and with the patch, and the rules it took part in. */
public record RelationResult(Relation spec, RelationRun base, RelationRun patched, Set<Role> roles) {

    /** A rule of the verdict a relation took part in. */
    public enum Role {
        /** It held on the base and breaks with the patch. */
        VETO,
        /** It held on the base and abstains with the patch, so the patch cannot be PROVEN. */
        ABSTENTION,
        /** It is one of the relations a fix is PROVEN relative to. */
        RESCUE;

        public String key() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    public RelationResult {
        Objects.requireNonNull(spec, "spec");
        Objects.requireNonNull(base, "base");
        Objects.requireNonNull(patched, "patched");
        roles = Collections.unmodifiableSet(roles.isEmpty() ? EnumSet.noneOf(Role.class) : EnumSet.copyOf(roles));
    }

    public RelationResult(Relation spec, RelationRun base, RelationRun patched) {
        this(spec, base, patched, Set.of());
    }

    /** Held on the base and broke with the patch: the patch broke what held. */
    public boolean regressed() {
        return base.held() && patched.broken();
    }

    /** Broke on the base and holds with the patch. */
    public boolean repaired() {
        return base.broken() && patched.held();
    }

    /** Held on the base and cannot be judged with the patch. */
    public boolean dodged() {
        return base.held() && patched.abstained();
    }

    RelationResult with(Role role) {
        Set<Role> r = EnumSet.noneOf(Role.class);
        r.addAll(roles);
        r.add(role);
        return new RelationResult(spec, base, patched, r);
    }
}
