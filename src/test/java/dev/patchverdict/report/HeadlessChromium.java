// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

/**
 * Debian's chromium run headless and driven over its DevTools protocol (a WebSocket on the loopback address, with
 * the JDK's own client): open a page, hear every console error, exception and failed load, evaluate a check in the
 * page, take a screenshot. Started with the flags this machine needs (no sandbox as root, no background networking
 * on a closed network) and a new empty profile, which is deleted on close.
 */
final class HeadlessChromium implements AutoCloseable {
    private static final ObjectMapper M = new ObjectMapper();
    private static final Duration WAIT = Duration.ofSeconds(60);

    private final Process process;
    private final Path profile;
    private final WebSocket socket;
    private final AtomicInteger ids = new AtomicInteger();
    private final Map<Integer, CompletableFuture<JsonNode>> pending = new ConcurrentHashMap<>();
    private final List<JsonNode> events = new CopyOnWriteArrayList<>();
    private final StringBuilder partial = new StringBuilder();
    private String session;

    private HeadlessChromium(Process process, Path profile, WebSocket socket) {
        this.process = process;
        this.profile = profile;
        this.socket = socket;
    }

    static HeadlessChromium start(int width, int height) throws IOException {
        Path profile = Files.createTempDirectory("pv-chromium");
        Process p = new ProcessBuilder("chromium", "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--hide-scrollbars", "--user-data-dir=" + profile, "--remote-debugging-address=127.0.0.1",
                "--remote-debugging-port=0", "--window-size=" + width + "," + height, "about:blank")
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        try {
            String url = devtoolsUrl(p);
            HeadlessChromium[] self = new HeadlessChromium[1];
            WebSocket ws = HttpClient.newHttpClient().newWebSocketBuilder().connectTimeout(WAIT)
                    .buildAsync(URI.create(url), new WebSocket.Listener() {
                        @Override
                        public CompletionStage<?> onText(WebSocket w, CharSequence data, boolean last) {
                            self[0].received(data, last);
                            w.request(1);
                            return null;
                        }
                    }).get(WAIT.toSeconds(), TimeUnit.SECONDS);
            self[0] = new HeadlessChromium(p, profile, ws);
            return self[0];
        } catch (IOException | RuntimeException | ExecutionException | TimeoutException e) {
            stop(p, profile);
            throw new IOException("chromium did not start: " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            stop(p, profile);
            throw new IOException("interrupted", e);
        }
    }

    /** The browser prints its DevTools address on standard error; everything else it says there is drained. */
    private static String devtoolsUrl(Process p) throws IOException {
        CompletableFuture<String> found = new CompletableFuture<>();
        Thread reader = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getErrorStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = r.readLine()) != null; ) {
                    int at = line.indexOf("ws://");
                    if (line.startsWith("DevTools listening on ") && at >= 0) {
                        found.complete(line.substring(at).strip());
                    }
                }
                found.completeExceptionally(new IOException("chromium exited without a DevTools address"));
            } catch (IOException e) {
                found.completeExceptionally(e);
            }
        }, "chromium-stderr");
        reader.setDaemon(true);
        reader.start();
        try {
            return found.get(WAIT.toSeconds(), TimeUnit.SECONDS);
        } catch (ExecutionException | TimeoutException e) {
            throw new IOException("no DevTools address from chromium: " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
    }

    private synchronized void received(CharSequence data, boolean last) {
        partial.append(data);
        if (!last) {
            return;
        }
        JsonNode msg;
        try {
            msg = M.readTree(partial.toString());
        } catch (IOException e) {
            throw new IllegalStateException("DevTools sent what is not JSON", e);
        } finally {
            partial.setLength(0);
        }
        if (msg.has("id")) {
            CompletableFuture<JsonNode> f = pending.remove(msg.get("id").asInt());
            if (f != null) {
                f.complete(msg);
            }
        } else {
            events.add(msg);
        }
    }

    /** Sends a command (to the page's session once there is one) and waits for its result; an error is an exception. */
    JsonNode send(String method, Map<String, Object> params) throws IOException {
        int id = ids.incrementAndGet();
        ObjectNode msg = M.createObjectNode().put("id", id).put("method", method);
        msg.set("params", M.valueToTree(params));
        if (session != null && !method.startsWith("Target.") && !method.startsWith("Browser.")) {
            msg.put("sessionId", session);
        }
        CompletableFuture<JsonNode> f = new CompletableFuture<>();
        pending.put(id, f);
        try {
            socket.sendText(M.writeValueAsString(msg), true).get(WAIT.toSeconds(), TimeUnit.SECONDS);
            JsonNode answer = f.get(WAIT.toSeconds(), TimeUnit.SECONDS);
            if (answer.has("error")) {
                throw new IOException(method + ": " + answer.get("error"));
            }
            return answer.path("result");
        } catch (ExecutionException | TimeoutException e) {
            throw new IOException(method + " got no answer: " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
    }

    /** Opens the file in a new tab, listening from before its first byte, and waits until it has loaded. */
    void open(Path file) throws IOException {
        String target = send("Target.createTarget", Map.of("url", "about:blank")).get("targetId").asText();
        session = send("Target.attachToTarget", Map.of("targetId", target, "flatten", true)).get("sessionId").asText();
        send("Page.enable", Map.of());
        send("Runtime.enable", Map.of());
        send("Log.enable", Map.of());
        events.clear();
        send("Page.navigate", Map.of("url", file.toAbsolutePath().toUri().toString()));
        long until = System.nanoTime() + WAIT.toNanos();
        while (events.stream().noneMatch(e -> e.path("method").asText().equals("Page.loadEventFired"))) {
            if (System.nanoTime() > until) {
                throw new IOException("the page did not load within " + WAIT);
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted", e);
            }
        }
    }

    /** The value of a JavaScript expression evaluated in the page (by the test, outside the page's own policy). */
    JsonNode evaluate(String expression) throws IOException {
        JsonNode r = send("Runtime.evaluate", Map.of("expression", expression, "returnByValue", true, "awaitPromise", true));
        if (r.has("exceptionDetails")) {
            throw new IOException("the check threw: " + r.get("exceptionDetails"));
        }
        return r.path("result").path("value");
    }

    /** Every console error, uncaught exception and browser log error (a refused load, a policy violation) so far. */
    List<String> errors() {
        List<String> out = new ArrayList<>();
        for (JsonNode e : events) {
            String method = e.path("method").asText();
            JsonNode p = e.path("params");
            if (method.equals("Runtime.exceptionThrown")) {
                out.add("exception: " + p.path("exceptionDetails"));
            } else if (method.equals("Runtime.consoleAPICalled")
                    && List.of("error", "assert").contains(p.path("type").asText())) {
                out.add("console." + p.path("type").asText() + ": " + p.path("args"));
            } else if (method.equals("Log.entryAdded") && p.path("entry").path("level").asText().equals("error")) {
                out.add("log: " + p.path("entry"));
            }
        }
        return out;
    }

    /** A PNG of the whole page. */
    byte[] screenshot() throws IOException {
        JsonNode r = send("Page.captureScreenshot", Map.of("format", "png", "captureBeyondViewport", true));
        return Base64.getDecoder().decode(r.get("data").asText());
    }

    @Override
    public void close() {
        try {
            send("Browser.close", Map.of());
        } catch (IOException e) {
            // stopped below in any case
        }
        socket.abort();
        stop(process, profile);
    }

    private static void stop(Process p, Path profile) {
        try {
            if (!p.waitFor(10, TimeUnit.SECONDS)) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
                p.waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try (Stream<Path> walk = Files.walk(profile)) {
            for (Path f : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(f);
            }
        } catch (IOException e) {
            // a profile left in the temporary folder is harmless
        }
    }
}
