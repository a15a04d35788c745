package io.proxybench.harness.files;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The names compare gives files and folders: stems, shards' common stem, folders, alike names told apart. */
class RunNamesTest {

    @Test
    void aFileIsNamedByItsNameWithoutItsExtensions() {
        assertThat(RunNames.ofFile(Path.of("a.jsonl"))).isEqualTo("a");
        assertThat(RunNames.ofFile(Path.of("runs/provider-x.jsonl.gz"))).isEqualTo("provider-x");
        assertThat(RunNames.ofFile(Path.of("provider-x.JSONL.GZ"))).isEqualTo("provider-x");
        assertThat(RunNames.ofFile(Path.of("day1.records.json"))).isEqualTo("day1.records");
        assertThat(RunNames.ofFile(Path.of("plain.txt"))).isEqualTo("plain.txt");
        assertThat(RunNames.ofFile(Path.of(".jsonl"))).isEqualTo(".jsonl");
    }

    @Test
    void shardsAreNamedByTheStemTheyShare() {
        Path folder = Path.of("/data/monday");
        assertThat(RunNames.ofShards(folder, files("provider-x-0.jsonl", "provider-x-1.jsonl")))
                .isEqualTo("provider-x");
        assertThat(RunNames.ofShards(folder, files("provider-x.shard-0.jsonl.gz", "provider-x.shard-1.jsonl.gz")))
                .isEqualTo("provider-x");
        assertThat(RunNames.ofShards(folder, files("run-2024-10.jsonl", "run-2024-11.jsonl", "run-2024-12.jsonl")))
                .as("the number that tells them apart goes whole, the one they share stays").isEqualTo("run-2024");
        assertThat(RunNames.ofShards(folder, files("0.jsonl", "1.jsonl"))).isEqualTo("monday");
        assertThat(RunNames.ofShards(folder, files("shard-0.jsonl", "shard-1.jsonl"))).isEqualTo("monday");
    }

    @Test
    void aFolderIsNamedByItself() {
        assertThat(RunNames.ofFolder(Path.of("/data/windows/"))).isEqualTo("windows");
        assertThat(RunNames.ofFolder(Path.of("/data/windows/."))).isEqualTo("windows");
    }

    @Test
    void alikeNamesAreToldApartByTheirFolderThenByANumber() {
        List<Path> arguments = List.of(Path.of("/data/day1/a.jsonl"), Path.of("/data/day2/a.jsonl"),
                Path.of("/data/day2/b.jsonl"), Path.of("/data/day2/x.jsonl"));
        assertThat(RunNames.unique(arguments, List.of("a", "a", "b", "x"), Set.of("x")))
                .containsExactly("day1/a", "day2/a", "b", "day2/x");
        List<Path> same = List.of(Path.of("/data/a.jsonl"), Path.of("/data/a.jsonl"), Path.of("/data/c.jsonl"));
        assertThat(RunNames.unique(same, List.of("a", "a", "c"), Set.of()))
                .containsExactly("data/a", "data/a (2)", "c");
    }

    private static List<Path> files(String... names) {
        return java.util.Arrays.stream(names).map(n -> Path.of("/data/monday", n)).toList();
    }
}
