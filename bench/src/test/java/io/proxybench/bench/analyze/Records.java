package io.proxybench.bench.analyze;

import io.proxybench.bench.record.Outcome;
import io.proxybench.bench.record.RequestRecord;

/** Hand-made records for tests: only the fields the exit and block figures read, the rest left out. */
final class Records {
    private Records() {
    }

    static RequestRecord record(double done, Integer status, String ip, String loc, String error,
                                Outcome outcome) {
        return new RequestRecord(done, done, 0, null, null, null, null, null, null, null, null, status, ip, loc,
                error, outcome, null, null, null, null, null, null, null, null);
    }

    static RequestRecord ok(String ip, String loc) {
        return record(1, 200, ip, loc, null, null);
    }
}
