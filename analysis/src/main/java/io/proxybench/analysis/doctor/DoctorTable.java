package io.proxybench.analysis.doctor;

import io.proxybench.analysis.report.Text;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The doctor's report as text: the figure, then each finding as cause — evidence — fix, the costliest first; under
 * the window's heading for a watch's history.
 */
public final class DoctorTable {

    private DoctorTable() {}

    public static String text(DoctorReport r) {
        StringBuilder s = new StringBuilder(r.history() == null ? "" : r.history().heading() + "\n");
        s.append(String.format(Locale.ROOT, "%s from %s; %,d on a connection, %s opened:"
                + " %s handshakes per 1,000 requests%n", Text.count(r.records(), "record"),
                String.join(", ", r.sources()), r.answered(), Text.count(r.newConnections(), "connection"),
                r.handshakesPer1000() == null ? "-" : String.format(Locale.ROOT, "%.1f", r.handshakesPer1000())));
        if (r.counterHandshakesPer1000() != null) {
            s.append(String.format(Locale.ROOT, "run summary: %.1f handshakes per 1,000 requests; connections closed:"
                    + " %s%n", r.counterHandshakesPer1000(), Text.counts(r.connectionsClosed())));
        }
        Map<String, Long> by = new LinkedHashMap<>();
        r.newConnectionsBy().forEach((why, count) -> by.put(why, (long) count));
        s.append("connections opened, by why: ").append(Text.counts(by)).append('\n');
        s.append(r.verdict()).append('\n');
        int n = 1;
        for (Finding f : r.findings()) {
            s.append(String.format(Locale.ROOT, "%d. %s — %.1f per 1,000 requests (%,d)%n", n++, f.title(),
                    f.per1000(), f.count()));
            s.append("   evidence: ").append(f.evidence()).append('\n');
            s.append("   fix: ").append(f.fix()).append('\n');
        }
        r.notes().forEach(note -> s.append("note: ").append(note).append('\n'));
        return s.toString();
    }
}
