package io.proxybench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;

/** Every command's {@code --help} breaks lines between words, never inside one, at the widths terminals have. */
class HelpWrapTest {

    static Stream<List<String>> commands() {
        List<List<String>> paths = new ArrayList<>();
        walk(Main.commandLine(), List.of(), paths);
        return paths.stream();
    }

    private static void walk(CommandLine cli, List<String> path, List<List<String>> paths) {
        paths.add(path);
        cli.getSubcommands().forEach((name, sub) -> {
            List<String> next = new ArrayList<>(path);
            next.add(name);
            walk(sub, next, paths);
        });
    }

    @ParameterizedTest
    @MethodSource("commands")
    void helpWrapsBetweenWordsAt80And120Columns(List<String> path) {
        for (int width : new int[] {80, 120}) {
            CommandLine cli = Main.commandLine();
            cli.setUsageHelpWidth(width);
            StringWriter out = new StringWriter();
            cli.setOut(new PrintWriter(out, true));
            List<String> args = new ArrayList<>(path);
            args.add("--help");
            assertThat(cli.execute(args.toArray(String[]::new))).isZero();

            String source = source(command(cli, path).getCommandSpec());
            Set<String> words = new HashSet<>(Arrays.asList(source.split(" ")));
            List<String> lines = out.toString().lines().toList();
            for (int i = 0; i + 1 < lines.size(); i++) {
                String end = lastWord(lines.get(i));
                String start = firstWord(lines.get(i + 1));
                assertThat(words.contains(end + start) && !source.contains(end + " " + start))
                        .as("%s --help at %d columns breaks '%s' after '%s':%n%s%n%s", String.join(" ", path), width,
                                end + start, end, lines.get(i), lines.get(i + 1))
                        .isFalse();
            }
            assertThat(lines).allSatisfy(line -> assertThat(line.length()).isLessThanOrEqualTo(width));
        }
    }

    /**
     * The command list shows a command's first description line alone, and picocli starts a new line at each of the
     * others: each line must be a whole sentence (or an example command line), so none stops mid-sentence.
     */
    @ParameterizedTest
    @MethodSource("commands")
    void everyDescriptionLineIsAWholeSentence(List<String> path) {
        String[] description = command(Main.commandLine(), path).getCommandSpec().usageMessage().description();
        assertThat(Arrays.stream(description).filter(line -> !line.startsWith("Example: ")))
                .allSatisfy(line -> assertThat(line.replace("%n", "").strip())
                .as("%s: a description line that does not end a sentence: %s", String.join(" ", path), line)
                .matches("(?s).*[.):?!]"));
    }

    private static CommandLine command(CommandLine root, List<String> path) {
        CommandLine cli = root;
        for (String name : path) {
            cli = cli.getSubcommands().get(name);
        }
        return cli;
    }

    /** The words the help is written from, each run of white space (and {@code %n}) one space. */
    private static String source(CommandSpec spec) {
        List<String> texts = new ArrayList<>();
        texts.addAll(Arrays.asList(spec.usageMessage().description()));
        texts.addAll(Arrays.asList(spec.usageMessage().header()));
        texts.addAll(Arrays.asList(spec.usageMessage().footer()));
        for (ArgSpec arg : spec.args()) {
            texts.addAll(Arrays.asList(arg.description()));
        }
        spec.subcommands().values().forEach(sub -> {
            texts.addAll(Arrays.asList(sub.getCommandSpec().usageMessage().description()));
            texts.addAll(Arrays.asList(sub.getCommandSpec().usageMessage().header()));
        });
        return String.join(" ", texts).replace("%n", " ").replaceAll("\\s+", " ");
    }

    private static String lastWord(String line) {
        String[] words = line.strip().split(" ");
        return words[words.length - 1];
    }

    private static String firstWord(String line) {
        return line.strip().split(" ")[0];
    }
}
