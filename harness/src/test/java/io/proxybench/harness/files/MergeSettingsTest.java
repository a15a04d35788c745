package io.proxybench.harness.files;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link MergeSettings}: merge's interval log options and its refusal to write over an input. */
class MergeSettingsTest {

    private static final List<Path> SHARDS = List.of(Path.of("s0.jsonl"), Path.of("s1.jsonl"));

    @Test
    void theMergedLogIsBesideTheOutputUnlessNamedOrLeftOut() {
        assertThat(new MergeSettings(SHARDS, Path.of("all.jsonl"), null, false).mergedLog())
                .isEqualTo(Path.of("all.jsonl.hlog"));
        assertThat(new MergeSettings(SHARDS, Path.of("all.jsonl"), Path.of("x.hlog"), false).mergedLog())
                .isEqualTo(Path.of("x.hlog"));
        assertThat(new MergeSettings(SHARDS, Path.of("all.jsonl"), null, true).mergedLog()).isNull();
        assertThatThrownBy(() -> new MergeSettings(SHARDS, Path.of("all.jsonl"), Path.of("x.hlog"), true))
                .hasMessage("--hdr-log and --no-hdr-log exclude each other");
    }

    @Test
    void anInputThatIsAnOutputIsRefusedBeforeAnythingIsRead() {
        assertThatThrownBy(() -> new MergeSettings(SHARDS, Path.of("./s1.jsonl"), null, true).merge())
                .hasMessage("s1.jsonl is both an input and an output; give --out another file");
        assertThatThrownBy(() -> new MergeSettings(SHARDS, Path.of("all.jsonl"), Path.of("s0.jsonl.hlog"), false)
                .merge()).hasMessage("s0.jsonl.hlog is both an input and an output; give --out another file");
    }
}
