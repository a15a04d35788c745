package io.proxybench.analysis.stats;

import io.proxybench.records.Outcome;
import io.proxybench.records.RequestRecord;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * What went through each exit IP (the {@code ip} the target reported): successes, outcomes, and the countries the
 * target placed it in. Sized by exits, not records, and bounded: the first {@link #MAX_EXITS} distinct exits are
 * tracked; records through exits past them are only counted ({@link #untracked()}), so exit figures then cover the
 * first exits seen and say so.
 */
final class ExitTable {
    /** Distinct exit IPs tracked at most; at about 150 bytes each, some 15 MB. */
    static final int MAX_EXITS = 100_000;
    private static final int OUTCOMES = Outcome.values().length;

    /** One exit's tallies. */
    static final class Exit {
        long ok;
        /** Records through the exit per outcome ordinal. */
        final long[] outcomes = new long[OUTCOMES];
        /** The countries ({@code loc}) of its successes; usually one. */
        Set<String> okLocs = Set.of();

        long outcome(Outcome o) {
            return outcomes[o.ordinal()];
        }

        long requests() {
            long n = 0;
            for (long c : outcomes) {
                n += c;
            }
            return n;
        }

        private void addLoc(String loc) {
            if (!okLocs.contains(loc)) {
                Set<String> more = new TreeSet<>(okLocs);
                more.add(loc);
                okLocs = more.size() == 1 ? Set.of(loc) : more;
            }
        }

        private void add(Exit other) {
            ok += other.ok;
            for (int o = 0; o < OUTCOMES; o++) {
                outcomes[o] += other.outcomes[o];
            }
            other.okLocs.forEach(this::addLoc);
        }
    }

    private final Map<String, Exit> exits = new HashMap<>();
    private long untracked;

    void add(RequestRecord r) {
        if (r.ip() == null) {
            return;
        }
        Exit exit = exit(r.ip());
        if (exit == null) {
            untracked++;
            return;
        }
        if (r.outcome() != null) {
            exit.outcomes[r.outcome().ordinal()]++;
        }
        if (r.ok()) {
            exit.ok++;
            if (r.loc() != null) {
                exit.addLoc(r.loc());
            }
        }
    }

    void add(ExitTable other) {
        untracked += other.untracked;
        other.exits.forEach((ip, theirs) -> {
            Exit mine = exit(ip);
            if (mine == null) {
                untracked += theirs.requests();
            } else {
                mine.add(theirs);
            }
        });
    }

    /** Every tracked exit by IP text; read-only. */
    Map<String, Exit> exits() {
        return Collections.unmodifiableMap(exits);
    }

    /** Records through exits past the first {@link #MAX_EXITS}: in no exit figure. */
    long untracked() {
        return untracked;
    }

    private Exit exit(String ip) {
        Exit exit = exits.get(ip);
        if (exit == null && exits.size() < MAX_EXITS) {
            exit = new Exit();
            exits.put(ip, exit);
        }
        return exit;
    }
}
