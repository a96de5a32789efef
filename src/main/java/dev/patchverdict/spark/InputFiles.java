// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.spark;

import dev.patchverdict.cli.CliException;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RemoteIterator;
import org.apache.hadoop.io.compress.CompressionCodecFactory;

/**
 * The review job's input files, in input order: each argument in turn, a folder's files sorted by their path
 * below it (its hidden files, {@code _SUCCESS} and {@code .crc} among them, left out). A file is read by its
 * name: {@code .jsonl} and {@code .json} (also compressed, {@code .gz}, {@code .bz2}, {@code .zst}, ...) as
 * {@code review} reads predictions files, {@code .parquet} as a table of predictions. An argument that matches
 * nothing is one UNREADABLE row, as in {@code review}.
 */
final class InputFiles {
    enum Kind { JSON_LINES, JSON, PARQUET, MISSING }

    /** One input file: its place in the input order, where it is, the name its rows show, and its size. */
    record File(int ordinal, String uri, String name, Kind kind, long bytes) implements Serializable {}

    private InputFiles() {}

    static List<File> expand(List<String> args, Configuration conf) {
        List<File> out = new ArrayList<>();
        CompressionCodecFactory codecs = new CompressionCodecFactory(conf);
        for (String arg : args) {
            Path p = Storage.path(arg);
            FileSystem fs = Storage.fileSystem(p, conf);
            FileStatus[] matched;
            try {
                matched = fs.globStatus(p);
            } catch (FileNotFoundException e) {
                matched = null;
            } catch (IOException e) {
                throw new UncheckedIOException("cannot list " + arg + ": " + e.getMessage(), e);
            }
            if (matched == null || matched.length == 0) {
                out.add(new File(out.size(), p.toUri().toString(), arg, Kind.MISSING, 0));
                continue;
            }
            Arrays.sort(matched, Comparator.comparing(s -> s.getPath().toString()));
            for (FileStatus s : matched) {
                String shown = matched.length == 1 ? arg : s.getPath().toString();
                if (s.isDirectory()) {
                    folder(fs, s.getPath(), shown, codecs, out);
                } else {
                    Kind k = kind(s.getPath(), codecs);
                    if (k == null) {
                        throw CliException.undecided(shown, "not a predictions file: the job reads .jsonl, .json (also"
                                + " compressed) and .parquet files, and folders of them");
                    }
                    out.add(new File(out.size(), s.getPath().toUri().toString(), shown, k, s.getLen()));
                }
            }
        }
        return out;
    }

    private static void folder(FileSystem fs, Path dir, String shown, CompressionCodecFactory codecs, List<File> out) {
        String base = dir.toUri().getPath();
        base = base.endsWith("/") ? base : base + "/";
        List<LocatedFileStatus> files = new ArrayList<>();
        try {
            RemoteIterator<LocatedFileStatus> it = fs.listFiles(dir, true);
            while (it.hasNext()) {
                LocatedFileStatus s = it.next();
                String rel = s.getPath().toUri().getPath().substring(Math.min(base.length(), s.getPath().toUri().getPath().length()));
                if (!hidden(rel) && kind(s.getPath(), codecs) != null) {
                    files.add(s);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + shown + ": " + e.getMessage(), e);
        }
        String prefix = shown.endsWith("/") ? shown : shown + "/";
        String b = base;
        files.sort(Comparator.comparing(s -> s.getPath().toUri().getPath()));
        for (LocatedFileStatus s : files) {
            String rel = s.getPath().toUri().getPath().substring(b.length());
            out.add(new File(out.size(), s.getPath().toUri().toString(), prefix + rel, kind(s.getPath(), codecs), s.getLen()));
        }
    }

    /** Hadoop's and Spark's own files, and anything below a folder of theirs: {@code _SUCCESS}, {@code .x.crc}, {@code _temporary/}. */
    private static boolean hidden(String rel) {
        // a part starts at the text's start or after a slash
        for (int i = 0; i < rel.length(); i++) {
            char c = rel.charAt(i);
            if ((c == '_' || c == '.') && (i == 0 || rel.charAt(i - 1) == '/')) {
                return true;
            }
        }
        return false;
    }

    /** What a file is by its name, a compression suffix aside; null: not a predictions file. */
    static Kind kind(Path p, CompressionCodecFactory codecs) {
        String name = p.getName().toLowerCase(Locale.ROOT);
        var codec = codecs.getCodec(p);
        if (codec != null && name.endsWith(codec.getDefaultExtension())) {
            name = name.substring(0, name.length() - codec.getDefaultExtension().length());
        }
        if (name.endsWith(".jsonl")) {
            return Kind.JSON_LINES;
        }
        if (name.endsWith(".json")) {
            return Kind.JSON;
        }
        if (name.endsWith(".parquet") && codec == null) {
            return Kind.PARQUET;
        }
        return null;
    }
}
