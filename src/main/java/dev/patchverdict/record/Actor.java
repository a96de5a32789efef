// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.record;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Objects;
import java.util.Optional;

/** A worker (in a ResultManifest) or a verifier (in a VerificationResult). */
public record Actor(String id, ActorType type, String adapter, Optional<String> adapterVersion, Optional<Model> model) {
    public Actor {
        Require.nonEmpty(id, "id");
        Objects.requireNonNull(type, "type");
        Require.nonEmpty(adapter, "adapter");
        Require.optional(adapterVersion, "adapterVersion");
        Require.optional(model, "model");
    }

    public Actor(String id, ActorType type, String adapter, String adapterVersion) {
        this(id, type, adapter, Optional.of(adapterVersion), Optional.empty());
    }

    /** The model behind an agent, when one is named. */
    public record Model(Optional<String> provider, String name, Optional<String> version) {
        public Model {
            Require.optional(provider, "provider");
            Require.nonEmpty(name, "name");
            Require.optional(version, "version");
        }

        static Model read(FieldReader f) {
            return f.build(() -> new Model(f.optText("provider"), f.text("name"), f.optText("version")));
        }

        ObjectNode toJson() {
            return JsonObjectBuilder.object().optText("provider", provider).put("name", name)
                    .optText("version", version).build();
        }
    }

    static Actor read(FieldReader f) {
        return f.build(() -> new Actor(f.text("id"), f.wire("type", ActorType.class), f.text("adapter"),
                f.optText("adapter_version"), f.optObject("model").map(Model::read)));
    }

    ObjectNode toJson() {
        return JsonObjectBuilder.object().put("id", id).put("type", type).put("adapter", adapter)
                .optText("adapter_version", adapterVersion).optObject("model", model, Model::toJson).build();
    }
}
