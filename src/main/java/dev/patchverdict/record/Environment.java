// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.record;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/** Where an attempt or a verification ran. */
public record Environment(
        Optional<String> platform,
        Optional<String> python,
        Optional<String> containerImage,
        Optional<Map<String, String>> toolVersions) {

    public Environment {
        Require.optional(platform, "platform");
        Require.optional(python, "python");
        Require.optional(containerImage, "containerImage");
        // Insertion order is kept so that a written document lists tools as they were given.
        toolVersions = Require.optional(toolVersions, "toolVersions")
                .map(m -> Collections.unmodifiableMap(new LinkedHashMap<>(m)));
    }

    public static Environment empty() {
        return new Environment(Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty());
    }

    static Environment read(FieldReader f) {
        return f.build(() -> new Environment(f.optText("platform"), f.optText("python"), f.optText("container_image"),
                f.optTextMap("tool_versions")));
    }

    ObjectNode toJson() {
        return JsonObjectBuilder.object().optText("platform", platform).optText("python", python)
                .optText("container_image", containerImage).optTextMap("tool_versions", toolVersions).build();
    }
}
