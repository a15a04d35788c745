package io.proxybench.harness.files;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.proxybench.analysis.Expect;
import io.proxybench.analysis.compare.ComparedRun;
import io.proxybench.analysis.compare.WindowEntry;
import io.proxybench.analysis.read.FileReading;
import io.proxybench.analysis.read.HistoryQuery;
import io.proxybench.analysis.read.HistoryRecords;
import io.proxybench.analysis.read.HistorySpan;
import io.proxybench.analysis.read.RecordFile;
import io.proxybench.analysis.stats.RunStatistics;
import io.proxybench.records.history.HistoryWindow;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The runs that {@code compare}'s arguments name. An argument is one of:
 * <ul>
 *   <li>a records file: one run of one window (a merged file of shards too);
 *   <li>a folder of {@code proxybench alternate}, with its {@code windows.jsonl} index: one run per provider label,
 *       named by the label, each of the windows the index lists (a window still running when the alternation was
 *       stopped is not in the index, so it is left out); a label of several alternations pools their windows;
 *   <li>any other folder of records files: the shards of one run when its records name segments, else one window
 *       per file.
 * </ul>
 * A file or folder is named as {@link RunNames} says, apart from the alternations' labels. Or, with a
 * {@link HistoryQuery} that names providers, the one argument is a watch's history directory: one run per provider, its
 * window read as one ({@link HistoryRecords}), named by the provider.
 */
public final class RunSources {

    private static final ObjectMapper JSON = new ObjectMapper();

    private RunSources() {}

    /**
     * What the arguments named.
     *
     * @param runs the runs, in argument order (a history's providers in the order named)
     * @param notes what reading left out, e.g. a file's cut last line
     * @param history the window of a watch's history the runs are; null for records files
     */
    public record Read(List<ComparedRun> runs, List<String> notes, HistorySpan history) {}

    /**
     * The runs of {@code arguments}: a provider's window each when {@code history} names providers (the arguments
     * being one history directory), else as {@link #read(List, Expect)}.
     *
     * @throws IllegalArgumentException as {@link HistoryQuery#windows}, for a window without records, or for records
     *     files as {@link #read(List, Expect)}
     */
    public static Read read(List<Path> arguments, Expect expect, HistoryQuery history) {
        List<HistoryWindow> windows = history.windows(arguments);
        if (windows.isEmpty()) {
            return files(arguments, expect);
        }
        List<ComparedRun> runs = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        for (HistoryWindow window : windows) {
            HistoryRecords read = HistoryRecords.read(window, expect);
            notes.addAll(read.cutLines());
            runs.add(new ComparedRun(window.provider(), read.files().stream().map(Path::toString).toList(),
                    List.of(read.statistics()), read.uncheckedBodies()));
        }
        return new Read(List.copyOf(runs), notes, HistorySpan.of(windows));
    }

    /**
     * The runs of {@code arguments}, in argument order (an alternation's labels where they first ran), each file read
     * once, streaming, its records classified with {@code expect} (null for none), named as {@link RunNames} says.
     * The same label in several alternations (the same providers on another day) is one run: its windows are pooled.
     * A watch's history among them is refused, naming its providers (see {@link #read(List, Expect, HistoryQuery)}).
     */
    public static Read read(List<Path> arguments, Expect expect) {
        return read(arguments, expect, HistoryQuery.none());
    }

    private static Read files(List<Path> arguments, Expect expect) {
        List<String> notes = new ArrayList<>();
        List<ComparedRun> runs = new ArrayList<>();
        Map<String, Integer> labelled = new LinkedHashMap<>();
        Map<Integer, Path> named = new LinkedHashMap<>();
        for (Path argument : arguments) {
            if (Files.isRegularFile(argument)) {
                RecordFile.requireRecords(argument);
                ShardFiles shards = ShardFiles.read(List.of(argument), expect);
                shards.check();
                notes.addAll(shards.cutLines());
                named.put(runs.size(), argument);
                runs.add(new ComparedRun(RunNames.ofFile(argument), List.of(argument.toString()),
                        List.of(shards.statistics()), shards.uncheckedBodies()));
            } else if (isAlternation(argument)) {
                for (ComparedRun run : alternation(argument, expect, notes)) {
                    Integer at = labelled.putIfAbsent(run.label(), runs.size());
                    if (at == null) {
                        runs.add(run);
                    } else {
                        runs.set(at, pool(runs.get(at), run));
                    }
                }
            } else if (Files.isDirectory(argument)) {
                named.put(runs.size(), argument);
                runs.add(folder(argument, expect, notes));
            } else {
                throw new IllegalArgumentException("RUN " + argument + " is neither a records file nor a folder;"
                        + " give a file that run wrote, or a folder of them");
            }
        }
        List<Integer> at = List.copyOf(named.keySet());
        List<String> names = RunNames.unique(List.copyOf(named.values()),
                at.stream().map(i -> runs.get(i).label()).toList(), labelled.keySet());
        for (int i = 0; i < at.size(); i++) {
            runs.set(at.get(i), runs.get(at.get(i)).labelled(names.get(i)));
        }
        return new Read(List.copyOf(runs), notes, null);
    }

    private static boolean isAlternation(Path argument) {
        return Files.isDirectory(argument) && Files.exists(argument.resolve(WindowEntry.INDEX));
    }

    /** One run of the windows of both, {@code first}'s then {@code second}'s. */
    private static ComparedRun pool(ComparedRun first, ComparedRun second) {
        List<String> sources = new ArrayList<>(first.sources());
        sources.addAll(second.sources());
        List<RunStatistics> windows = new ArrayList<>(first.windows());
        windows.addAll(second.windows());
        return new ComparedRun(first.label(), sources, windows, first.uncheckedBodies() + second.uncheckedBodies());
    }

    private static ComparedRun folder(Path folder, Expect expect, List<String> notes) {
        List<Path> files;
        try (Stream<Path> listing = Files.list(folder)) {
            files = listing.filter(f -> f.getFileName().toString().endsWith(".jsonl") && Files.isRegularFile(f))
                    .sorted().toList();
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot list " + folder + ": " + e.getMessage());
        }
        if (files.isEmpty()) {
            throw new IllegalArgumentException("RUN " + folder + " holds no records file (*.jsonl); give the folder"
                    + " a run wrote its --out into, or the file itself");
        }
        ShardFiles parts = ShardFiles.read(files, expect);
        notes.addAll(parts.cutLines());
        for (RecordFile part : parts.parts()) {
            if (part.statistics().records() == 0) {
                throw new IllegalArgumentException(part.file() + " in RUN " + folder + " holds no records; remove it,"
                        + " or give the run's other files");
            }
        }
        long segmented = parts.parts().stream().filter(p -> !p.segments().isEmpty()).count();
        if (segmented == files.size()) {
            parts.check();
            return new ComparedRun(RunNames.ofShards(folder, files), List.of(folder.toString()),
                    List.of(parts.statistics()),
                    parts.uncheckedBodies());
        }
        if (segmented > 0) {
            throw new IllegalArgumentException("RUN " + folder + " mixes shard files (records with a segment) and"
                    + " whole runs; give the shards of one run in a folder of their own");
        }
        return new ComparedRun(RunNames.ofFolder(folder), List.of(folder.toString()),
                parts.parts().stream().map(RecordFile::statistics).toList(), parts.uncheckedBodies());
    }

    /** One run per label of an alternation, each with the windows its index lists, in index order. */
    private static List<ComparedRun> alternation(Path folder, Expect expect, List<String> notes) {
        Path index = folder.resolve(WindowEntry.INDEX);
        List<String> lines = FileReading.read(index, () -> Files.readAllLines(index));
        Map<String, List<RunStatistics>> windows = new LinkedHashMap<>();
        Map<String, Long> unchecked = new LinkedHashMap<>();
        Map<String, List<String>> sources = new LinkedHashMap<>();
        for (int n = 0; n < lines.size(); n++) {
            if (lines.get(n).isBlank()) {
                continue;
            }
            String where = index + " line " + (n + 1);
            WindowEntry entry;
            try {
                entry = JSON.readValue(lines.get(n), WindowEntry.class);
            } catch (JsonProcessingException e) {
                throw new IllegalArgumentException(where + " is not a window's line; the index is damaged ("
                        + e.getOriginalMessage() + ")");
            }
            if (entry.label() == null || entry.file() == null) {
                throw new IllegalArgumentException(where + " names no label or file; the index is damaged");
            }
            Path file = folder.resolve(entry.file());
            RecordFile window = RecordFile.read(file, expect);
            if (window.cutLine() != null) {
                notes.add(window.cutLine());
            }
            long records = window.statistics().records();
            if (entry.records() != records) {
                throw new IllegalArgumentException(file + " holds " + records + " records, but " + where
                        + " says " + entry.records() + "; the file changed after its window ended");
            }
            if (records > 0) {
                windows.computeIfAbsent(entry.label(), k -> new ArrayList<>()).add(window.statistics());
            }
            unchecked.merge(entry.label(), window.uncheckedBodies(), Long::sum);
            sources.computeIfAbsent(entry.label(), k -> new ArrayList<>()).add(file.toString());
        }
        if (sources.isEmpty()) {
            throw new IllegalArgumentException(index + " lists no finished window yet; compare after the first one");
        }
        return sources.entrySet().stream().map(e -> new ComparedRun(e.getKey(), e.getValue(),
                windows.getOrDefault(e.getKey(), List.of()), unchecked.getOrDefault(e.getKey(), 0L))).toList();
    }
}
