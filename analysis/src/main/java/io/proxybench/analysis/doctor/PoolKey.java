package io.proxybench.analysis.doctor;

import io.proxybench.records.RequestRecord;

/**
 * A pool key of one client, as far as its records tell it: the proxy scheme and the session, not the origin (a run is
 * taken to have requested one origin).
 *
 * @param scheme the record's {@code scheme}, {@code direct} when absent
 * @param session the record's {@code session}, empty when absent
 */
record PoolKey(String scheme, String session) {

    static PoolKey of(RequestRecord r) {
        return new PoolKey(NewConnections.schemeOf(r), NewConnections.sessionOf(r));
    }
}
