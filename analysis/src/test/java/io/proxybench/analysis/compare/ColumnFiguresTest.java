package io.proxybench.analysis.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** Each figure of the fixture runs against the value worked out by hand in the comments. */
class ColumnFiguresTest {

    private static final double EXACT = 1e-9;
    private static final double HDR = 1e-3;

    @Test
    void oneWindowWithEveryKindOfRecord() {
        ColumnFigures a = ColumnFigures.of(Fixtures.runA(), null, "US", 4.0);
        assertEquals("a", a.label());
        assertEquals(1, a.windows());
        assertEquals(14, a.records());
        assertEquals(10, a.accepted());
        // 14 records scheduled from 0.0 s to 3.0 s: 13 gaps over 3 s
        assertEquals(13 / 3.0, a.scheduledPerSecond(), EXACT);
        // successes per second of done: 2, 3, 4, 1; 90% of 10 is reached in second 2, so the window is second 1
        assertEquals(3.0, a.steadyOkPerSecond(), EXACT);
        // overlap with [1, 2): 0.1 + 0.2 + 0.4 (successes) + 0.5 (connect_407 from 0.5) + 0.5 (tls from 1.5)
        assertEquals(1.7, a.steadyInFlight(), EXACT);
        // HdrHistogram's p99 is the value of rank ceil(0.99 n), within 0.1%
        // all: 100 100 200 200 300 400 500 500 600 700 ms: rank 10
        assertEquals(700, a.p99Ms(), HDR * 700);
        // new tunnels 500 and 700 ms: rank 2
        assertEquals(700, a.p99NewTunnelMs(), HDR * 700);
        // reused 100 100 200 200 300 400 500 600 ms: rank 8
        assertEquals(600, a.p99ReusedTunnelMs(), HDR * 600);
        // 10 successes, one of them on the third try
        assertEquals(9, a.okAfterOneRetry());
        assertEquals(1, a.okAfterMoreRetries());
        assertEquals(2, a.retried());
        assertEquals(Map.of("connect", 1L, "tls", 1L, "status", 2L), a.failuresByPhase());
        assertEquals(4, a.uniqueIps());
        assertEquals(3, a.uniqueSubnets());
        assertNull(a.uniqueAsns());
        assertEquals("US", a.country());
        // 10.0.1.1, 10.0.1.2 and 10.0.3.7
        assertEquals(3, a.ipsInCountry());
        // s1 left through two IPs; s2 and s3 kept one
        assertEquals(3, a.stickySessions());
        assertEquals(2, a.stickyKept());
        assertEquals(Boolean.TRUE, a.http2ToProxy());
        // tunnels 1, 2, 3 on gateway connections 1 and 2
        assertEquals(1.5, a.tunnelsPerProxyConnection(), EXACT);
        // all but the two proxy failures
        assertEquals(12, a.answered());
        assertEquals(1, a.hardBlocks());
        assertEquals(1, a.softBlocks());
        // every record's bytes: 2 x 6,000 + 8 x 2,000 + 500 + 1,500 + 1,000 (the timeout carried none)
        assertEquals(31_000L, a.wireBytes());
        // over 10 successes
        assertEquals(3100, a.bytesPerOk(), EXACT);
        // tunnels on HTTP/2 connections to the proxy are charged their own bytes only
        assertTrue(a.bytesLowerBound());
        assertEquals(0, a.uncheckedBodies());
        // 4.0 per 10^9 bytes: 4 x 31,000 / 10^9 per 10 accepted, times 1,000
        assertEquals(0.0124, a.costPer1000Accepted(), EXACT);
    }

    @Test
    void windowsArePooledEachOnItsOwnTimeBase() {
        ColumnFigures b = ColumnFigures.of(Fixtures.runB(), null, null, 2.0);
        assertEquals(2, b.windows());
        assertEquals(12, b.records());
        // window 1: seconds 1-2 with 2 and 2; window 2: second 1 with 4; median of 2, 2, 4 (as one window: 6)
        assertEquals(2.0, b.steadyOkPerSecond(), EXACT);
        // 4 x 0.2 s inside [1, 3) and 4 x 0.1 s inside [1, 2), over 3 seconds
        assertEquals(0.4, b.steadyInFlight(), EXACT);
        // 5 gaps over 3 s and 5 over 2 s
        assertEquals(2.0, b.scheduledPerSecond(), EXACT);
        assertNull(b.p99NewTunnelMs());
        assertEquals(100, b.p99ReusedTunnelMs(), HDR * 100);
        assertEquals(12, b.okAfterOneRetry());
        assertEquals(Map.of(), b.failuresByPhase());
        assertEquals(Boolean.FALSE, b.http2ToProxy());
        assertNull(b.tunnelsPerProxyConnection());
        assertEquals(0, b.stickySessions());
        assertNull(b.ipsInCountry());
        assertNull(b.bytesPerOk());
        assertNull(b.wireBytes());
        assertFalse(b.bytesLowerBound());
        // a price, but no bytes to price
        assertNull(b.costPer1000Accepted());
    }

    @Test
    void anExpectationOnRecordsWithoutABodyIsCountedAsUnchecked() {
        ColumnFigures b = ColumnFigures.of(Fixtures.runB(io.proxybench.analysis.Expect.of("price", null)), null, null,
                null);
        assertEquals(12, b.uncheckedBodies());
        assertEquals(12, b.accepted());
    }

    @Test
    void recordsThatDoNotSayGiveNoHttp2Answer() {
        ColumnFigures a = ColumnFigures.of(Fixtures.run("x", java.util.List.of("x"), java.util.List.of(
                Fixtures.recordsA().get(0).subList(4, 9)), null), null, null, null);
        assertNull(a.http2ToProxy());
        assertNull(a.costPer1000Accepted());
    }
}
