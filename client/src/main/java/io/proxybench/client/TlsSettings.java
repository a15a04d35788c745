package io.proxybench.client;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * How the client checks the origin's certificate, which protocols it offers by ALPN and which key-exchange groups it
 * offers. Part of the pool key: connections made with different settings are never shared.
 *
 * @param caFile trust only this PEM file's certificates (e.g. the lab CA); null for the other trust modes
 * @param alpn protocols offered, in preference order ({@code h2}, {@code http/1.1})
 * @param groups TLS key-exchange groups offered, in preference order, by their OpenSSL names (e.g. {@code X25519},
 *     {@code X25519MLKEM768}); empty for the TLS engine's defaults. Only the {@code openssl} engine can set them.
 */
public record TlsSettings(Trust trust, Path caFile, List<String> alpn, List<String> groups) {

    /** Where trust comes from. */
    public enum Trust {
        /** The JDK's default trust store. */
        SYSTEM,
        /** The certificates of {@link TlsSettings#caFile()}. */
        CA_FILE,
        /** No checks at all: for benchmarks against self-signed targets only. */
        INSECURE
    }

    public static final List<String> H2_AND_HTTP11 = List.of("h2", "http/1.1");
    public static final List<String> HTTP11_ONLY = List.of("http/1.1");

    public TlsSettings {
        Objects.requireNonNull(trust, "trust");
        if ((trust == Trust.CA_FILE) != (caFile != null)) {
            throw new IllegalArgumentException("a CA file goes with CA_FILE trust, and only with it");
        }
        alpn = List.copyOf(alpn);
        if (alpn.isEmpty() || !alpn.stream().allMatch(p -> p.equals("h2") || p.equals("http/1.1"))) {
            throw new IllegalArgumentException("ALPN protocols " + alpn + " must be a non-empty list of h2, http/1.1");
        }
        groups = List.copyOf(groups);
        if (groups.stream().anyMatch(g -> g.isBlank() || !g.equals(g.strip()))) {
            throw new IllegalArgumentException("key-exchange groups " + groups + " must be names such as X25519");
        }
    }

    public static TlsSettings system() {
        return new TlsSettings(Trust.SYSTEM, null, H2_AND_HTTP11, List.of());
    }

    public static TlsSettings caFile(Path file) {
        return new TlsSettings(Trust.CA_FILE, file, H2_AND_HTTP11, List.of());
    }

    public static TlsSettings insecure() {
        return new TlsSettings(Trust.INSECURE, null, H2_AND_HTTP11, List.of());
    }

    public TlsSettings withAlpn(List<String> protocols) {
        return new TlsSettings(trust, caFile, protocols, groups);
    }

    /** These settings offering {@code keyExchangeGroups} (empty: the engine's defaults). */
    public TlsSettings withGroups(List<String> keyExchangeGroups) {
        return new TlsSettings(trust, caFile, alpn, keyExchangeGroups);
    }
}
