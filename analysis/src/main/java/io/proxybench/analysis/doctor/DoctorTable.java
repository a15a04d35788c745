package io.proxybench.analysis.doctor;

import java.util.Locale;

/** The doctor's report as text: the figure, then each finding as cause — evidence — fix, the costliest first. */
public final class DoctorTable {

    private DoctorTable() {}

    public static String text(DoctorReport r) {
        StringBuilder s = new StringBuilder(String.format(Locale.ROOT, "%d records from %s; %d answered on %d new"
                + " connections: %.1f handshakes per 1,000 requests%n", r.records(), String.join(", ", r.sources()),
                r.answered(), r.newConnections(), r.handshakesPer1000()));
        if (r.counterHandshakesPer1000() != null) {
            s.append(String.format(Locale.ROOT, "client counters: %.1f handshakes per 1,000 requests; closed %s%n",
                    r.counterHandshakesPer1000(), r.connectionsClosed()));
        }
        s.append("new connections by why they opened: ").append(r.newConnectionsBy()).append('\n');
        s.append(r.verdict()).append('\n');
        int n = 1;
        for (Finding f : r.findings()) {
            s.append(String.format(Locale.ROOT, "%d. %s — %.1f per 1,000 requests (%d)%n", n++, f.title(),
                    f.per1000(), f.count()));
            s.append("   evidence: ").append(f.evidence()).append('\n');
            s.append("   fix: ").append(f.fix()).append('\n');
        }
        r.notes().forEach(note -> s.append("note: ").append(note).append('\n'));
        return s.toString();
    }
}
