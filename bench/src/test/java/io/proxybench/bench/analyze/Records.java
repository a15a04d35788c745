package io.proxybench.bench.analyze;

import io.proxybench.bench.record.Outcome;
import io.proxybench.bench.record.RequestRecord;

/** Hand-made records for tests: only the fields the exit and block figures read, the rest left out. */
final class Records {
    private Records() {
    }

    static RequestRecord record(double done, Integer status, String ip, String loc, String error,
                                Outcome outcome) {
        return RequestRecord.builder(done, done).status(status).ip(ip).loc(loc).error(error).outcome(outcome).build();
    }

    static RequestRecord ok(String ip, String loc) {
        return record(1, 200, ip, loc, null, null);
    }
}
