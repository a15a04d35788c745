package io.proxybench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A records file without a record is a bad argument for every command that reads records, named with the likely
 * cause, never "0 records".
 */
class EmptyRecordsFileTest {

    private static final String RECORD = "{\"sched\":0.1,\"done\":0.2,\"start_lag\":0,\"status\":200}\n";

    @TempDir
    Path dir;

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "analyze | empty.jsonl  | it is empty (0 bytes), as when the run was stopped before its first request, or it is"
                + " the wrong file",
        "analyze | blank.jsonl  | it holds nothing but blank lines, as when the run was stopped",
        "analyze | empty.jsonl.gz | it holds nothing but blank lines",
        "analyze | cut.jsonl    | its one line was cut, as when the run writing it is killed before its first request"
                + " ends; run it again",
        "doctor  | empty.jsonl  | it is empty (0 bytes)",
        "doctor  | blank.jsonl  | it holds nothing but blank lines",
        "doctor  | empty.jsonl.gz | it holds nothing but blank lines",
        "compare | empty.jsonl  | it is empty (0 bytes)",
        "compare | blank.jsonl  | it holds nothing but blank lines",
        "merge   | empty.jsonl  | it is empty (0 bytes)",
        "merge   | empty.jsonl.gz | it holds nothing but blank lines",
    })
    void aFileWithoutRecordsExitsWith2NamingTheLikelyCause(String command, String name, String cause)
            throws Exception {
        Path file = file(name);
        Path good = Files.writeString(dir.resolve("good.jsonl"), RECORD);
        List<String> args = new ArrayList<>(List.of(command));
        if (command.equals("merge")) {
            args.addAll(List.of("--no-hdr-log", "--out", dir.resolve("merged.jsonl").toString()));
        }
        args.add(good.toString());
        args.add(file.toString());

        MainTest.Run r = MainTest.run(args.toArray(String[]::new));

        assertThat(r.exitCode()).as(r.err()).isEqualTo(Main.BAD_ARGUMENTS);
        assertThat(r.err().strip()).hasLineCount(1).startsWith("proxybench " + command + ": " + file
                + " has no records: " + cause);
        assertThat(r.out()).isEmpty();
    }

    private Path file(String name) throws Exception {
        Path file = dir.resolve(name);
        switch (name) {
            case "empty.jsonl" -> Files.write(file, new byte[0]);
            case "blank.jsonl" -> Files.writeString(file, "\n  \n\t\n\n");
            case "cut.jsonl" -> Files.writeString(file, "{\"sched\":0.1,\"do");
            case "empty.jsonl.gz" -> {
                try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(file))) {
                    out.write("".getBytes(StandardCharsets.UTF_8));
                }
            }
            default -> throw new IllegalArgumentException(name);
        }
        return file;
    }
}
