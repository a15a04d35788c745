package io.proxybench.cli;

import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;
import io.proxybench.client.TlsSettings;
import io.proxybench.client.proxy.ProxySpec;
import io.proxybench.client.proxy.SessionTemplate;
import io.proxybench.records.Outcome;
import io.proxybench.records.RequestRecord;
import io.proxybench.watch.CheckMode;
import io.proxybench.watch.WatchedProvider;
import io.proxybench.watch.live.LastProbe;
import io.proxybench.watch.live.ProviderLive;
import io.proxybench.watch.metrics.WatchMetrics;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;

/**
 * The exposition of a {@link WatchMetrics} of one provider with a check, a sticky session and a probe behind it: every
 * series watch can expose has a sample in it. The deploy files' test reads their metric names from it.
 */
final class WatchExposition {

    private WatchExposition() {}

    static String text() {
        WatchedProvider p = new WatchedProvider("acme", ProxySpec.parse("http://u:p@127.0.0.1:8080"),
                SessionTemplate.parse(SessionTemplate.DEFAULT_TEXT), URI.create("https://127.0.0.1/cdn-cgi/trace"),
                TlsSettings.system(), 1, Duration.ofSeconds(10), Duration.ofMinutes(10), Duration.ofSeconds(5));
        long now = System.currentTimeMillis();
        ProviderLive live = new ProviderLive(p.name(), p.proxy().toString(), now / 1000 - 600);
        LastProbe probe = new LastProbe(now, 12.5, 40, null, List.of(new LastProbe.Line("rotation_tunnel",
                "rotation per tunnel", "10 exits in 10 tunnels", true, 10.0)));
        WatchMetrics metrics = new WatchMetrics("local", "test", List.of(p), List.of(live), name -> probe,
                () -> 1024, () -> 3);
        for (int minute = 0; minute < 6; minute++) {
            for (int i = 0; i < 3; i++) {
                RequestRecord r = RequestRecord.builder(0, 0.2).dns(0.001).tcp(0.01).connect(0.05).tls(0.06)
                        .request(0.07).total(0.2).status(200).ip("203.0.113." + (i + minute)).outcome(Outcome.DATA)
                        .reused(false).session(i == 2 ? "watch" : null).build();
                CheckMode mode = i == 2 ? CheckMode.STICKY : CheckMode.ROTATING;
                live.add(r, mode, now - (600 - minute * 60 - i) * 1000L);
                metrics.count(0, mode, r);
            }
        }
        metrics.count(0, CheckMode.ROTATING, RequestRecord.builder(0, 1).total(1.0).error("connect_502")
                .outcome(Outcome.PROXY_FAILURE).build());
        metrics.skipped(0);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            PrometheusTextFormatWriter.create().write(out, metrics.registry().scrape());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString(StandardCharsets.UTF_8);
    }
}
