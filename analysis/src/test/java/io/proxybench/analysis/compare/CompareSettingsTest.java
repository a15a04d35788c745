package io.proxybench.analysis.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.proxybench.analysis.asn.AsnFiles;
import io.proxybench.analysis.read.HistorySpan;
import io.proxybench.analysis.threshold.Thresholds;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@link CompareSettings}: compare's labels, prices and country, checked, and the comparison they make. */
class CompareSettingsTest {

    private static final AsnFiles NO_ASNS = new AsnFiles(null, null);

    @Test
    void labelsRenameColumnsAndPricesNameARunByItsNameOrLabel() {
        CompareResult result = new CompareSettings(Map.of("a", "A"), Map.of("A", 4.0, "b", 2.0), "us")
                .compare(List.of(Fixtures.runA(), Fixtures.runB()), List.of("a note"), NO_ASNS, Thresholds.NONE);

        assertThat(result.runs()).extracting(ComparedRun::label).containsExactly("A", "b");
        assertThat(result.comparison().runs()).extracting(ColumnFigures::label).containsExactly("A", "b");
        assertThat(result.comparison().runs()).extracting(ColumnFigures::pricePerGb).containsExactly(4.0, 2.0);
        assertThat(result.comparison().runs()).extracting(ColumnFigures::country).containsExactly("US", "US");
        assertThat(result.comparison().notes()).contains("a note");
        assertThat(result.comparison().thresholds()).isEmpty();
        assertThat(result.failed()).isFalse();
    }

    @Test
    void theRunsOfAHistorysWindowAreUnderItsHeadingInTextAndJson() throws Exception {
        HistorySpan span = new HistorySpan("history", List.of("a", "b"), "2026-12-06T12:00:00Z",
                "2026-12-07T01:00:30Z");
        CompareResult result = new CompareSettings(Map.of(), Map.of(), null).compare(
                List.of(Fixtures.runA(), Fixtures.runB()), List.of(), span, NO_ASNS, Thresholds.NONE);

        assertThat(result.comparison().text()).startsWith("providers a and b, 2026-12-06 12:00 to 2026-12-07 01:00:30"
                + " UTC\n");
        JsonNode json = new ObjectMapper().readTree(result.comparison().json());
        assertThat(json.path("history").path("providers").toString()).isEqualTo("[\"a\",\"b\"]");
        assertThat(json.path("history").path("from").asText()).isEqualTo("2026-12-06T12:00:00Z");
        JsonNode files = new ObjectMapper().readTree(new CompareSettings(Map.of(), Map.of(), null).compare(
                List.of(Fixtures.runA()), List.of(), NO_ASNS, Thresholds.NONE).comparison().json());
        assertThat(files.has("history")).as("no history for records files").isFalse();
    }

    @Test
    void eachRunsVerdictsAreUnderItsLabelAndAFailedOneFailsTheResult() {
        CompareResult result = new CompareSettings(Map.of(), Map.of(), null).compare(
                List.of(Fixtures.runA(), Fixtures.runB()), List.of(), NO_ASNS,
                Thresholds.parse(List.of("records < 1000000")));

        assertThat(result.comparison().thresholds()).containsOnlyKeys("a", "b");
        assertThat(result.failed()).isTrue();
    }

    @Test
    void aBadCountryLabelOrPriceIsRefusedNamingTheOption() {
        assertThatThrownBy(() -> new CompareSettings(Map.of(), Map.of(), "USA"))
                .hasMessageStartingWith("--country USA is not a two-letter country code");
        List<ComparedRun> two = List.of(Fixtures.runA(), Fixtures.runB());
        assertThatThrownBy(() -> new CompareSettings(Map.of("c", "C"), Map.of(), null).compare(two, List.of(),
                NO_ASNS, Thresholds.NONE)).hasMessage("--label c=... names no run; the runs are a, b");
        assertThatThrownBy(() -> new CompareSettings(Map.of("a", "b"), Map.of(), null).compare(two, List.of(),
                NO_ASNS, Thresholds.NONE)).hasMessage("two runs are labelled b; give each its own --label");
        assertThatThrownBy(() -> new CompareSettings(Map.of("a", " A"), Map.of(), null).compare(two, List.of(),
                NO_ASNS, Thresholds.NONE)).hasMessageContaining("must be 1 to 40 characters");
        assertThatThrownBy(() -> new CompareSettings(Map.of(), Map.of("a", -1.0), null).compare(two, List.of(),
                NO_ASNS, Thresholds.NONE)).hasMessage("--price-per-gb a=-1.0 must be a price of 0 or more");
        assertThatThrownBy(() -> new CompareSettings(Map.of("a", "A"), Map.of("a", 1.0, "A", 2.0), null)
                .compare(two, List.of(), NO_ASNS, Thresholds.NONE))
                .hasMessage("--price-per-gb names A twice; give one price per run");
        assertThatThrownBy(() -> new CompareSettings(Map.of(), Map.of(), null).compare(
                Collections.nCopies(CompareSettings.MAX_RUNS + 1, Fixtures.runA()), List.of(), NO_ASNS,
                Thresholds.NONE)).hasMessageStartingWith("27 runs to compare; at most 26 fit side by side");
    }
}
