package io.proxybench.cli;

import io.proxybench.experiments.ExperimentTarget;
import io.proxybench.experiments.fingerprint.FingerprintOnLab;
import io.proxybench.experiments.fingerprint.FingerprintResult;
import io.proxybench.experiments.fingerprint.FingerprintTable;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code proxybench fingerprint}: the client's JA4 as the target sees it, direct and through each proxy mode; a
 * tunnelling proxy must not change it. Exit status 1 when one does (or a mode got no answer).
 */
@Command(name = "fingerprint", mixinStandardHelpOptions = true,
        description = {"The client's TLS fingerprint (JA4) as the target sees it, direct and through each proxy"
                + " mode: HTTP CONNECT, SOCKS5, an https:// proxy, CONNECT over HTTP/2.",
            "A tunnelling proxy relays the client's own handshake, so every mode must match direct; exit status 1"
                + " when one does not. Runs on the embedded lab unless --proxy is given (direct and that proxy),"
                + " whose --url must report ja4= as the lab's /cdn-cgi/trace does."})
final class FingerprintCommand implements Callable<Integer> {

    /** The exit status when a mode's fingerprint differs from direct's, or a mode got none. */
    static final int CHANGED = 1;

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @CommandLine.Mixin
    ProxyOrLab target;

    @CommandLine.Mixin
    SessionOptions sessionOptions = new SessionOptions();

    @Option(names = "--http1.1", description = "Offer the target only http/1.1 by ALPN (default: h2, then http/1.1).")
    boolean http11;

    @Option(names = "--json", description = "Print the result as JSON.")
    boolean json;

    @Override
    public Integer call() throws Exception {
        ExperimentTarget t = target.given(spec);
        FingerprintResult result;
        if (t.lab()) {
            sessionOptions.given().refuseOnLab();
            result = new FingerprintOnLab(http11).run();
        } else {
            result = new FingerprintOnLab(http11).through(t, sessionOptions.given());
        }
        int printed = Main.print(spec, json, result, FingerprintTable::text);
        return result.unchanged() ? printed : CHANGED;
    }
}
