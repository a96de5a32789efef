// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.plan;

import com.fasterxml.jackson.databind.JsonNode;
import dev.patchverdict.behave.BehaveException;
import dev.patchverdict.json.JsonInputException;
import dev.patchverdict.json.StrictJson;
import dev.patchverdict.report.IoMessages;
import java.io.IOException;
import java.nio.file.Path;

/** Strict JSON reading with the runner's fault type. */
final class Documents {
    private Documents() {}

    static JsonNode readJson(Path file) throws BehaveException {
        try {
            return StrictJson.withDefaults().read(file);
        } catch (JsonInputException e) {
            throw new BehaveException(file.toString(), "not a JSON document: " + e.getMessage(), e);
        } catch (IOException e) {
            throw new BehaveException(file.toString(), IoMessages.describe(e), e);
        }
    }
}
