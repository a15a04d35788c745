package io.proxybench.experiments.fingerprint;

import io.proxybench.client.TlsSettings;
import io.proxybench.client.proxy.ProxySpec;
import io.proxybench.experiments.ExperimentTarget;
import io.proxybench.experiments.LabTargets;
import io.proxybench.experiments.fingerprint.FingerprintExperiment.Mode;
import io.proxybench.harness.plan.SessionSettings;
import io.proxybench.lab.Lab;
import io.proxybench.lab.LabConfig;
import java.util.List;

/**
 * The client's JA4 as a fresh embedded lab's target sees it, direct and through every proxy mode of the lab's
 * gateway: HTTP CONNECT, SOCKS5 (names resolved by the proxy and by the client), an {@code https://} proxy, and
 * CONNECT over HTTP/2.
 *
 * @param http11 whether to offer the target only http/1.1 by ALPN (else h2, then http/1.1)
 */
public record FingerprintOnLab(boolean http11) {

    /** The demo's run, {@code proxybench fingerprint}'s default: h2, then http/1.1 offered. */
    public static final FingerprintOnLab DEMO = new FingerprintOnLab(false);

    /**
     * Direct and {@code target}'s real gateway, in the rotating form {@code sessions} write, compared on its origin,
     * which must report {@code ja4=} as the lab's trace does.
     */
    public FingerprintResult through(ExperimentTarget target, SessionSettings sessions)
            throws InterruptedException {
        ProxySpec proxy = sessions.rotating(target.openGateway());
        TlsSettings tls = http11 ? target.tls().withAlpn(TlsSettings.HTTP11_ONLY) : target.tls();
        return FingerprintExperiment.run(new FingerprintExperiment.Setup(target.origin(), tls,
                List.of(Mode.direct(), new Mode(proxy.scheme().text() + " proxy", proxy, false)),
                FingerprintExperiment.TIMEOUT));
    }

    /** Starts the lab, compares every mode with direct on it, and stops it. */
    public FingerprintResult run() throws InterruptedException {
        try (Lab lab = Lab.start(LabConfig.builder().build())) {
            ProxySpec http = LabTargets.gateway(lab);
            ProxySpec tls = LabTargets.tlsGateway(lab);
            String account = "lab:lab@" + lab.host() + ":" + lab.gatewayPort();
            List<Mode> modes = List.of(Mode.direct(),
                    new Mode("http CONNECT", http, false),
                    new Mode("socks5h", ProxySpec.parse("socks5h://" + account), false),
                    new Mode("socks5", ProxySpec.parse("socks5://" + account), false),
                    new Mode("https CONNECT", tls, false),
                    new Mode("https CONNECT over h2", tls, true));
            TlsSettings trust = TlsSettings.caFile(lab.caFile());
            return FingerprintExperiment.run(new FingerprintExperiment.Setup(LabTargets.https(lab, LabTargets.TRACE),
                    http11 ? trust.withAlpn(TlsSettings.HTTP11_ONLY) : trust, modes, FingerprintExperiment.TIMEOUT));
        }
    }
}
