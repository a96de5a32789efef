package dev.patchverdict.behave.plan;

import dev.patchverdict.behave.judge.Level;
import java.util.Locale;

/** What a check is evidence for, which decides the trees it runs on and the level it feeds. */
public enum CheckKind {
    /** Fails on the base, passes with the patch: the task's defect is shown fixed. */
    REPRODUCTION(Level.TARGET),
    /** Passes on both trees with equivalent output: behaviour that must not change. */
    PRESERVE(Level.PRESERVE),
    /** Passes with the patch: a property the result must have. */
    CONTRACT(Level.CONTRACT);

    private final Level level;

    CheckKind(Level level) {
        this.level = level;
    }

    public Level level() {
        return level;
    }

    public String key() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static CheckKind of(String key) {
        return valueOf(key.toUpperCase(Locale.ROOT));
    }
}
