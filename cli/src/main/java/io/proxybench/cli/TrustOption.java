package io.proxybench.cli;

import io.proxybench.client.TlsSettings;
import java.nio.file.Path;

/** The {@code --ca FILE} / {@code --insecure} pair of options: which certificates a command trusts. */
final class TrustOption {

    private TrustOption() {}

    /**
     * Only {@code ca} when given, nothing checked with {@code insecure}, else the system's trust store.
     *
     * @throws IllegalArgumentException when both are given
     */
    static TlsSettings tls(Path ca, boolean insecure) {
        if (ca != null && insecure) {
            throw new IllegalArgumentException("--ca and --insecure exclude each other");
        }
        return ca != null ? TlsSettings.caFile(ca) : insecure ? TlsSettings.insecure() : TlsSettings.system();
    }
}
