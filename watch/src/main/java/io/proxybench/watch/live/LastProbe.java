package io.proxybench.watch.live;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.proxybench.experiments.probe.ProbeCard;
import io.proxybench.experiments.probe.ProbeLine;
import java.util.List;

/**
 * A provider's last probe, as the page shows it, the metrics count it and {@code probes.jsonl} keeps it.
 *
 * @param at when it ended, Unix milliseconds
 * @param seconds how long it took
 * @param requests requests it sent
 * @param diagnosis why it stopped after its protocol checks (problem and fix), or null when it ran through
 * @param lines its card's lines, in order
 */
public record LastProbe(@JsonProperty("at") long at, @JsonProperty("seconds") double seconds,
        @JsonProperty("requests") int requests, @JsonProperty("diagnosis") String diagnosis,
        @JsonProperty("lines") List<Line> lines) {

    /**
     * One line of the card.
     *
     * @param id its stable key, e.g. {@code rotation_tunnel}
     * @param label what is asked
     * @param text what was found, in words
     * @param measured false when the probe could not tell ({@code text} says why)
     * @param figure the finding as a number, or null
     */
    public record Line(@JsonProperty("id") String id, @JsonProperty("label") String label,
            @JsonProperty("text") String text, @JsonProperty("measured") boolean measured,
            @JsonProperty("figure") Double figure) {}

    public LastProbe {
        lines = List.copyOf(lines);
    }

    /** {@code card}, ended at {@code atMillis}. */
    public static LastProbe of(ProbeCard card, long atMillis) {
        List<Line> lines = card.lines().stream().map(LastProbe::line).toList();
        return new LastProbe(atMillis, card.seconds(), card.requests(),
                card.diagnosis() == null ? null : card.diagnosis().text(), lines);
    }

    private static Line line(ProbeLine l) {
        return new Line(l.id(), l.property(), l.value(), l.measured(), l.figure());
    }

    /** Whether it ran its checks through: it stopped on no diagnosis. */
    public boolean success() {
        return diagnosis == null;
    }
}
