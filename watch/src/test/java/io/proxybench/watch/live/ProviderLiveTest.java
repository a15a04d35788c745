package io.proxybench.watch.live;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.proxybench.records.Outcome;
import io.proxybench.records.RequestRecord;
import io.proxybench.watch.CheckMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A provider's live figures: minutes closed as time passes, a day of them kept, exits and session life. */
class ProviderLiveTest {

    private static final long T0 = 1_800_000_000L / 60 * 60;

    private static RequestRecord ok(String ip, double total) {
        return RequestRecord.builder(0, total).connect(total / 2).total(total).status(200).ip(ip)
                .outcome(Outcome.DATA).reused(false).build();
    }

    @Test
    void aMinuteClosesWhenACheckOrTheClockPassesItsEnd() {
        ProviderLive live = new ProviderLive("a", "http://127.0.0.1:1", T0);
        assertThat(live.add(ok("203.0.113.1", 0.1), CheckMode.ROTATING, T0 * 1000 + 5_000)).isNull();
        assertThat(live.add(ok("203.0.113.2", 0.3), CheckMode.ROTATING, T0 * 1000 + 30_000)).isNull();
        Minute closed = live.add(ok("203.0.114.3", 0.2), CheckMode.ROTATING, T0 * 1000 + 61_000);
        assertThat(closed.t()).isEqualTo(T0);
        assertThat(closed.checks()).isEqualTo(2);
        assertThat(closed.exits()).isEqualTo(2);
        assertThat(closed.subnets()).isEqualTo(1);
        assertThat(closed.p99().get("total")).isCloseTo(0.3, within(0.01));
        assertThat(closed.p50().get("connect")).isCloseTo(0.05, within(0.001));
        assertThat(live.tick(T0 + 119)).isNull();
        assertThat(live.tick(T0 + 120).checks()).isEqualTo(1);
        assertThat(live.minutes()).extracting(Minute::t).containsExactly(T0, T0 + 60);
        assertThat(live.exits()).isEqualTo(3);
        assertThat(live.subnets()).isEqualTo(2);
        assertThat(live.recent()).isEqualTo(new ProviderLive.Recent(3, 3, 0, 0));
    }

    @Test
    void aDayOfMinutesIsKeptTheOldestDroppedAndTheirFiguresReadBackAsWritten() {
        ProviderLive live = new ProviderLive("a", "http://127.0.0.1:1", T0 + 60L * 2000);
        List<Minute> minutes = new ArrayList<>();
        for (int i = 0; i < 2000; i++) {
            minutes.add(new Minute(T0 + 60L * i, 10, 9, 1, 0, Map.of("total", 0.25),
                    Map.of("total", 0.5, "tls", 0.125), i % 7, 2, 3, 4096));
        }
        live.restore(minutes);
        List<Minute> kept = live.minutes();
        assertThat(kept).hasSize(ProviderLive.MINUTES_KEPT);
        assertThat(kept.get(0)).isEqualTo(minutes.get(2000 - ProviderLive.MINUTES_KEPT));
        assertThat(kept.get(kept.size() - 1)).isEqualTo(minutes.get(1999));
        assertThat(live.recent()).isEqualTo(new ProviderLive.Recent(50, 15, 35, 5 * 4096));
    }

    @Test
    void aStickySessionsLifeIsFromItsFirstToItsLastCheckOnOneExit() {
        ProviderLive live = new ProviderLive("a", "http://127.0.0.1:1", T0);
        assertThat(live.sessionLife()).isNaN();
        live.add(ok("203.0.113.1", 0.1), CheckMode.STICKY, T0 * 1000);
        live.add(ok("203.0.113.1", 0.1), CheckMode.STICKY, T0 * 1000 + 40_000);
        assertThat(live.sessionAge()).isEqualTo(40);
        live.add(ok("203.0.113.9", 0.1), CheckMode.STICKY, T0 * 1000 + 41_000);
        assertThat(live.sessionLife()).isEqualTo(40);
        assertThat(live.sessionAge()).isZero();
        assertThat(live.exits()).as("sticky checks are not the rotating exits").isNaN();
    }
}
