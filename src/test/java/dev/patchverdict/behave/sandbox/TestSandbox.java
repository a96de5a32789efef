package dev.patchverdict.behave.sandbox;

import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Path;
import java.util.Map;

/** The real sandbox for tests. Missing bubblewrap fails the test, it never skips it. */
public final class TestSandbox {
    private TestSandbox() {}

    public static Map<String, String> hostEnv() {
        String path = System.getenv("PATH");
        return path == null ? Map.of() : Map.of("PATH", path);
    }

    public static BubblewrapSandbox required(Path scratch) {
        BubblewrapSandbox s = BubblewrapSandbox.locate(HostTools.fromEnvironment(hostEnv()), scratch);
        s.unavailableReason().ifPresent(why -> fail("the behavioural runner's tests need a working bubblewrap"
                + " sandbox (CI installs the bubblewrap package): " + why));
        return s;
    }
}
