package io.proxybench.client;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * How the client checks the origin's certificate, which protocols it offers by ALPN and which key-exchange groups it
 * offers. Part of the pool key: connections made with different settings are never shared.
 *
 * @param trust where trust in the origin's (and an {@code https://} proxy's) certificate comes from
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

    /** ALPN offering {@code h2} first, then {@code http/1.1}: the default. */
    public static final List<String> H2_AND_HTTP11 = List.of("h2", "http/1.1");
    /** ALPN offering {@code http/1.1} only, so every origin connection carries one request at a time. */
    public static final List<String> HTTP11_ONLY = List.of("http/1.1");

    /**
     * Checks the settings and copies the lists.
     *
     * @param trust where trust in certificates comes from
     * @param caFile the PEM file to trust, exactly for {@link Trust#CA_FILE} trust; null otherwise
     * @param alpn {@code h2} and {@code http/1.1}, one or both, in preference order
     * @param groups OpenSSL key-exchange group names in preference order; empty for the engine's defaults
     * @throws IllegalArgumentException if {@code caFile} is set without {@link Trust#CA_FILE} trust or missing with
     *     it, {@code alpn} is empty or holds anything but {@code h2} and {@code http/1.1}, or a group name is blank or
     *     has surrounding whitespace
     * @throws NullPointerException if {@code trust}, {@code alpn} or {@code groups} is null
     */
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

    /**
     * The JDK's default trust store, ALPN {@link #H2_AND_HTTP11}, the engine's default groups.
     *
     * @return the settings
     */
    public static TlsSettings system() {
        return new TlsSettings(Trust.SYSTEM, null, H2_AND_HTTP11, List.of());
    }

    /**
     * Trust in {@code file}'s certificates only, ALPN {@link #H2_AND_HTTP11}, the engine's default groups.
     *
     * @param file a PEM file of CA certificates, e.g. the lab CA; read when a client is built
     * @return the settings
     */
    public static TlsSettings caFile(Path file) {
        return new TlsSettings(Trust.CA_FILE, file, H2_AND_HTTP11, List.of());
    }

    /**
     * No certificate checks at all (for benchmarks against self-signed targets only), ALPN {@link #H2_AND_HTTP11},
     * the engine's default groups.
     *
     * @return the settings
     */
    public static TlsSettings insecure() {
        return new TlsSettings(Trust.INSECURE, null, H2_AND_HTTP11, List.of());
    }

    /**
     * These settings offering {@code protocols} by ALPN.
     *
     * @param protocols {@code h2} and {@code http/1.1}, one or both, in preference order
     * @return new settings
     * @throws IllegalArgumentException if {@code protocols} is empty or holds anything else
     */
    public TlsSettings withAlpn(List<String> protocols) {
        return new TlsSettings(trust, caFile, protocols, groups);
    }

    /**
     * These settings offering {@code keyExchangeGroups} (empty: the engine's defaults).
     *
     * @param keyExchangeGroups OpenSSL group names in preference order, e.g. {@code X25519MLKEM768}, {@code X25519}
     * @return new settings
     * @throws IllegalArgumentException if a name is blank or has surrounding whitespace
     */
    public TlsSettings withGroups(List<String> keyExchangeGroups) {
        return new TlsSettings(trust, caFile, alpn, keyExchangeGroups);
    }
}
