package io.proxybench.harness.files;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The names {@code compare} gives the runs of its file and folder arguments (an alternation's runs keep their
 * provider labels): a records file is named by its file name without {@code .jsonl} or {@code .json} and
 * {@code .gz} ({@code provider-x.jsonl.gz} is {@code provider-x}); a folder of one run's shards by the stem its files
 * share ({@code provider-x-0.jsonl}, {@code provider-x-1.jsonl} are {@code provider-x}), or the folder's name when
 * they share none; any other folder by its name. Names that would be alike are told apart: first by the folder each
 * argument is in ({@code day1/a}, {@code day2/a}), then by a number ({@code a (2)}).
 */
final class RunNames {

    private RunNames() {}

    /** A records file's name without its extensions. */
    static String ofFile(Path file) {
        String name = file.getFileName().toString();
        String stem = name.replaceFirst("(?i)\\.gz$", "").replaceFirst("(?i)\\.jsonl?$", "");
        return stem.isEmpty() ? name : stem;
    }

    /**
     * The stem the shard files of {@code folder} share: their common start without the number that tells them apart,
     * separators at its end or a last word {@code shard}; the folder's name when nothing is left.
     */
    static String ofShards(Path folder, List<Path> files) {
        List<String> stems = files.stream().map(RunNames::ofFile).toList();
        String common = stems.get(0);
        for (String stem : stems) {
            int n = 0;
            while (n < common.length() && n < stem.length() && common.charAt(n) == stem.charAt(n)) {
                n++;
            }
            common = common.substring(0, n);
        }
        int end = common.length();
        if (stems.stream().anyMatch(s -> s.length() > end && Character.isDigit(s.charAt(end)))) {
            common = common.replaceFirst("[0-9]+$", "");
        }
        common = common.replaceFirst("[-_. ]+$", "").replaceFirst("(?i)(^|[-_. ]+)shards?$", "");
        return common.isEmpty() ? ofFolder(folder) : common;
    }

    /** A folder's own name, e.g. {@code runs} of {@code ./runs/} or of {@code .} in it. */
    static String ofFolder(Path folder) {
        Path name = folder.toAbsolutePath().normalize().getFileName();
        return name == null ? folder.toString() : name.toString();
    }

    /**
     * {@code names}, the names of {@code arguments} in order, told apart from each other and from {@code taken}:
     * each name two arguments share, or that is taken, gets the name of the folder its argument is in before it;
     * a name still alike gets a number after it, from 2, in argument order.
     */
    static List<String> unique(List<Path> arguments, List<String> names, Set<String> taken) {
        List<String> result = new ArrayList<>(names);
        for (int i = 0; i < names.size(); i++) {
            String name = names.get(i);
            boolean alike = taken.contains(name) || names.stream().filter(name::equals).count() > 1;
            Path parent = arguments.get(i).toAbsolutePath().normalize().getParent();
            if (alike && parent != null && parent.getFileName() != null) {
                result.set(i, parent.getFileName() + "/" + name);
            }
        }
        Set<String> seen = new HashSet<>(taken);
        for (int i = 0; i < result.size(); i++) {
            String name = result.get(i);
            for (int n = 2; !seen.add(result.get(i)); n++) {
                result.set(i, String.format(Locale.ROOT, "%s (%d)", name, n));
            }
        }
        return result;
    }
}
