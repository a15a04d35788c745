package io.proxybench.harness.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.proxybench.client.ProxyRequest;
import io.proxybench.client.Timeouts;
import io.proxybench.client.TlsSettings;
import io.proxybench.client.proxy.ProxySpec;
import io.proxybench.harness.schedule.ShardSettings;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** A run's settings checked together into its plan, each mistake named as the command line spells it. */
class RunSettingsTest {

    /** 1,000 req/s for 20 s to one https:// URL, as {@code run --url https://x/ --rate 1000 --duration 20s}. */
    private static RunSettings settings() {
        return new RunSettings()
                .targets(() -> List.of(URI.create("https://x/")),
                        urls -> urls.stream().map(u -> ProxyRequest.builder(u).build()).toList())
                .rate(1000.0)
                .duration(Duration.ofSeconds(20));
    }

    @Test
    void aRateAndADurationPlanAnOpenLoopWithTheDefaultWarmUp() {
        CheckedRun checked = settings().check();
        RunPlan plan = checked.plan();
        assertThat(plan.schedule()).isNotNull();
        assertThat(plan.closedLoop()).isNull();
        assertThat(plan.planned()).isEqualTo(Duration.ofSeconds(20));
        assertThat(plan.warmUpByDefault()).isTrue();
        assertThat(checked.warmUpLength()).as("1 s per 200 req/s, at most 5 s").isEqualTo(Duration.ofSeconds(5));
        assertThat(checked.inFlightToPlanFor()).as("2 s of arrivals at the peak rate").isEqualTo(2000);
        assertThat(plan.sessionKeys()).isEmpty();
    }

    @Test
    void aClosedLoopPlansItsWorkersAndNoScheduleOrTimedWarmUp() {
        CheckedRun checked = settings().rate(null).closedLoop(8).check();
        assertThat(checked.plan().closedLoop()).isEqualTo(new RunPlan.ClosedLoop(8, Duration.ofSeconds(20)));
        assertThat(checked.warmUpLength()).isZero();
        assertThat(checked.inFlightToPlanFor()).isEqualTo(8);
    }

    @Test
    void aShardFiresItsShareAndWarmsUpAtIt() {
        CheckedRun checked = settings().shards(new ShardSettings("0/4", null, null, null)).check();
        assertThat(checked.plan().segment()).isEqualTo("0:1/4 of 0,1/4,1/2,3/4,1");
        assertThat(checked.warmUpLength()).as("250 req/s: 1.25 s").isEqualTo(Duration.ofMillis(1250));
    }

    @Test
    void theFirstMistakeInCheckOrderIsTheOneNamed() {
        assertThatThrownBy(() -> settings().rotation("often").rate(-1.0).check())
                .as("--rotation's form is checked before the schedule")
                .hasMessageStartingWith("--rotation often is not a policy");
        assertThatThrownBy(() -> settings().rate(-1.0).ioThreads(0).check())
                .hasMessage("--rate -1.0 must be above 0");
        assertThatThrownBy(() -> settings().ioThreads(0).retries(-1).check())
                .hasMessage("--io-threads must be at least 1, got 0");
        assertThatThrownBy(() -> settings().closedLoop(4).check())
                .hasMessageStartingWith("--closed-loop replaces --rate");
        assertThatThrownBy(() -> settings().redirects(false, 3).check())
                .hasMessageStartingWith("--max-redirects applies to -L");
    }

    @Test
    void theReadersAreCalledInCheckOrder() {
        List<String> read = new ArrayList<>();
        new RunSettings()
                .targets(() -> {
                    read.add("urls");
                    return List.of(URI.create("https://x/"));
                }, urls -> {
                    read.add("requests");
                    return List.of(ProxyRequest.get("https://x/"));
                })
                .tls(() -> {
                    read.add("tls");
                    return TlsSettings.system();
                })
                .timeouts(() -> {
                    read.add("timeouts");
                    return Timeouts.defaults();
                })
                .rate(10.0).duration(Duration.ofSeconds(1))
                .check();
        assertThat(read).containsExactly("urls", "requests", "tls", "timeouts");
    }

    @Test
    void settingsThatNeedAnotherSayWhich() {
        assertThatThrownBy(() -> settings().noRecords(true).given(Set.of("--hdr-log")::contains).check())
                .hasMessage("--no-records writes no records file and no interval log, and --hdr-log is about"
                        + " them: leave --hdr-log out, or --no-records");
        assertThatThrownBy(() -> settings().failIf(List.of(), true).check())
                .hasMessage("--abort-on-fail applies to --fail-if; give a condition to stop on");
        assertThatThrownBy(() -> settings().rotation("per-request").keepAlive(Duration.ofSeconds(5)).check())
                .hasMessageStartingWith("--rotation per-request opens a tunnel for every request and keeps none,"
                        + " so --keep-alive 5s does not apply");
        assertThatThrownBy(() -> settings().proxyHttp2(true)
                .proxy(ProxySpec.parse("http://127.0.0.1:3128")).check())
                .hasMessageStartingWith("--proxy-http2 needs https:// proxies");
        assertThatThrownBy(() -> settings().sessions(2).check())
                .hasMessageStartingWith("--sessions needs --provider NAME or --session-template TEMPLATE");
        assertThatThrownBy(() -> new RunSettings().rate(1.0).duration(Duration.ofSeconds(1)).check())
                .hasMessageStartingWith("no URL to request");
    }
}
