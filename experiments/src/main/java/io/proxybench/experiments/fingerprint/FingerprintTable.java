package io.proxybench.experiments.fingerprint;

import java.util.List;
import java.util.Locale;

/** The fingerprint check as a table: mode, JA4, and whether it is the direct one. */
public final class FingerprintTable {

    private static final String ROW = "%-24s %-38s %s%n";

    private FingerprintTable() {}

    public static String text(FingerprintResult r) {
        StringBuilder s = new StringBuilder(String.format(Locale.ROOT,
                "the client's TLS ClientHello as %s saw it (JA4), a fresh client per mode%n", r.target()));
        s.append(String.format(Locale.ROOT, ROW, "mode", "ja4", "vs direct"));
        boolean reference = r.rows().get(0).ja4() != null;
        for (FingerprintRow row : r.rows()) {
            String verdict = row.ja4() == null ? "no answer" : row == r.rows().get(0) ? "reference"
                    : !reference ? "no reference" : row.sameAsFirst() ? "same" : "DIFFERS";
            s.append(String.format(Locale.ROOT, ROW, row.mode(), row.ja4() == null ? row.error() : row.ja4(),
                    verdict));
        }
        List<String> unanswered = r.rows().stream().filter(row -> row.ja4() == null).map(FingerprintRow::mode).toList();
        boolean differs = reference && r.rows().stream().anyMatch(row -> row.ja4() != null && !row.sameAsFirst());
        if (r.unchanged()) {
            s.append("unchanged: every proxy mode relayed the client's own handshake\n");
        }
        if (differs) {
            s.append("changed: a tunnelling proxy must relay the client's handshake unchanged; one that does not"
                    + " terminates TLS itself (its own fingerprint reaches the target, and it can read the traffic)\n");
        }
        if (!unanswered.isEmpty()) {
            s.append("incomplete: no fingerprint through ").append(String.join(", ", unanswered)).append('\n');
        }
        return s.toString();
    }
}
