package io.proxybench.experiments.probe;

import java.util.Locale;

/** The report card as text: a line per property with its finding, then how it was measured and how sure. */
public final class ProbeTable {

    private ProbeTable() {}

    public static String text(ProbeCard card) {
        StringBuilder s = new StringBuilder();
        if (card.diagnosis() != null) {
            s.append("stopped after the protocol checks: ").append(card.diagnosis().text());
        }
        s.append("proxybench probe: ").append(card.proxy())
                .append(card.dialect() == null ? "" : ", sessions in the " + card.dialect() + " dialect")
                .append(String.format(Locale.ROOT, "; %,d requests in %.0f s%n", card.requests(),
                        card.seconds()));
        int width = card.lines().stream().mapToInt(l -> l.property().length()).max().orElse(10);
        for (ProbeLine line : card.lines()) {
            s.append(String.format("  %-" + width + "s  %s%n", line.property(), line.value()));
            if (line.measured()) {
                s.append(String.format("  %-" + width + "s    (%s; %s)%n", "", line.how(), line.certainty()));
            }
        }
        return s.toString();
    }
}
