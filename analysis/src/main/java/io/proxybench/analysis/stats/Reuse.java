package io.proxybench.analysis.stats;

import io.proxybench.records.RequestRecord;

/** Whether a request ran on a connection (tunnel) it opened or on one already open; unknown when not recorded. */
public enum Reuse {
    NEW,
    REUSED,
    UNKNOWN;

    static Reuse of(RequestRecord r) {
        return r.reused() == null ? UNKNOWN : r.reused() ? REUSED : NEW;
    }
}
