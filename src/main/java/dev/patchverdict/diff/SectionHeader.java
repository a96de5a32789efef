// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.diff;

import java.util.HashSet;
import java.util.Set;

/** The per-section state, as git keeps it while reading one patch's header. */
final class SectionHeader {
    long offset;
    long line;
    int isNew = -1;
    int isDelete = -1;
    boolean isRename;
    boolean isCopy;
    byte[] oldName;
    byte[] newName;
    byte[] defName;
    int oldMode;
    int newMode;
    int score;
    boolean hasScore;
    boolean dissimilarity;
    String oldId;
    String newId;
    boolean traditional;
    int extensions;
    // Strict bookkeeping.
    final Set<String> seen = new HashSet<>();
    boolean renameFrom;
    boolean renameTo;
    boolean copyFrom;
    boolean copyTo;
}
