package io.proxybench.demo;

import io.proxybench.experiments.fingerprint.FingerprintResult;
import io.proxybench.experiments.fingerprint.FingerprintTable;
import java.util.List;

/** Seed 002's client-stack check: the client's JA4 direct and through each proxy mode; a table, no plot. */
final class FingerprintView {

    private FingerprintView() {}

    static StepResult of(FingerprintResult result) {
        return StepResult.of("fingerprint", FingerprintTable.text(result), result,
                "Client-stack constancy (seed 002)", "Seed 002: a CONNECT proxy forwards the client's TLS handshake"
                        + " unchanged, so the JA4 fingerprint is the same with and without the gateway, and a"
                        + " comparison measures the pool, not the TLS library. Rerun: ./proxybench fingerprint",
                List.of());
    }
}
