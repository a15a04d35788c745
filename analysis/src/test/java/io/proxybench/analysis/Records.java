package io.proxybench.analysis;

import io.proxybench.records.Outcome;
import io.proxybench.records.RequestRecord;

/** Hand-made records for tests: only the fields the exit and block figures read, the rest left out. */
public final class Records {
    private Records() {
    }

    public static RequestRecord record(double done, Integer status, String ip, String loc, String error,
                                Outcome outcome) {
        return RequestRecord.builder(done, done).status(status).ip(ip).loc(loc).error(error).outcome(outcome).build();
    }

    public static RequestRecord ok(String ip, String loc) {
        return record(1, 200, ip, loc, null, null);
    }
}
