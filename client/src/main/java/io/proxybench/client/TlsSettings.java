package io.proxybench.client;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * How the client checks the origin's certificate, which protocols it offers by ALPN and which key-exchange groups it
 * offers. Part of the pool key: connections made with different settings are never shared. Immutable; made with
 * {@link #system()}, {@link #caFile(Path)}, {@link #insecure()} or {@link #builder()}.
 */
public final class TlsSettings {

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

    private final Trust trust;
    private final Path caFile;
    private final List<String> alpn;
    private final List<String> groups;

    private TlsSettings(Builder b) {
        this.trust = b.trust;
        this.caFile = b.caFile;
        this.alpn = b.alpn;
        this.groups = b.groups;
    }

    /**
     * The JDK's default trust store, ALPN {@link #H2_AND_HTTP11}, the engine's default groups.
     *
     * @return the settings
     */
    public static TlsSettings system() {
        return builder().build();
    }

    /**
     * Trust in {@code file}'s certificates only, ALPN {@link #H2_AND_HTTP11}, the engine's default groups.
     *
     * @param file a PEM file of CA certificates, e.g. the lab CA; read when a client is built
     * @return the settings
     */
    public static TlsSettings caFile(Path file) {
        return builder().caFile(file).build();
    }

    /**
     * No certificate checks at all (for benchmarks against self-signed targets only), ALPN {@link #H2_AND_HTTP11},
     * the engine's default groups.
     *
     * @return the settings
     */
    public static TlsSettings insecure() {
        return builder().insecure().build();
    }

    /**
     * A builder starting from {@link #system()}.
     *
     * @return a new builder
     */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * A builder holding these settings.
     *
     * @return a new builder
     */
    public Builder toBuilder() {
        Builder b = new Builder().alpn(alpn).groups(groups);
        b.trust = trust;
        b.caFile = caFile;
        return b;
    }

    /**
     * Where trust in the origin's (and an {@code https://} proxy's) certificate comes from.
     *
     * @return the trust mode
     */
    public Trust trust() {
        return trust;
    }

    /**
     * The PEM file whose certificates alone are trusted, for {@link Trust#CA_FILE} trust.
     *
     * @return the file, or null for the other trust modes
     */
    public Path caFile() {
        return caFile;
    }

    /**
     * The protocols offered by ALPN, in preference order.
     *
     * @return {@code h2} and {@code http/1.1}, one or both
     */
    public List<String> alpn() {
        return alpn;
    }

    /**
     * The TLS key-exchange groups offered, in preference order, by their OpenSSL names (e.g. {@code X25519},
     * {@code X25519MLKEM768}). Only the {@code openssl} engine can set them.
     *
     * @return the names; empty for the TLS engine's defaults
     */
    public List<String> groups() {
        return groups;
    }

    /**
     * These settings offering {@code protocols} by ALPN.
     *
     * @param protocols {@code h2} and {@code http/1.1}, one or both, in preference order
     * @return new settings
     * @throws IllegalArgumentException if {@code protocols} is empty or holds anything else
     */
    public TlsSettings withAlpn(List<String> protocols) {
        return toBuilder().alpn(protocols).build();
    }

    /**
     * These settings offering {@code keyExchangeGroups} (empty: the engine's defaults).
     *
     * @param keyExchangeGroups OpenSSL group names in preference order, e.g. {@code X25519MLKEM768}, {@code X25519}
     * @return new settings
     * @throws IllegalArgumentException if a name is blank or has surrounding whitespace
     */
    public TlsSettings withGroups(List<String> keyExchangeGroups) {
        return toBuilder().groups(keyExchangeGroups).build();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof TlsSettings t && trust == t.trust && Objects.equals(caFile, t.caFile)
                && alpn.equals(t.alpn) && groups.equals(t.groups);
    }

    @Override
    public int hashCode() {
        return Objects.hash(trust, caFile, alpn, groups);
    }

    /**
     * The settings, e.g. {@code trust CA file /tmp/ca.pem, ALPN h2,http/1.1, default groups}.
     *
     * @return the text
     */
    @Override
    public String toString() {
        String trusted = switch (trust) {
            case SYSTEM -> "system trust";
            case CA_FILE -> "trust CA file " + caFile;
            case INSECURE -> "no certificate checks";
        };
        return trusted + ", ALPN " + String.join(",", alpn) + ", "
                + (groups.isEmpty() ? "default groups" : "groups " + String.join(",", groups));
    }

    /** Settings under construction; each checked as it is set. Not thread-safe. */
    public static final class Builder {

        private Trust trust = Trust.SYSTEM;
        private Path caFile;
        private List<String> alpn = H2_AND_HTTP11;
        private List<String> groups = List.of();

        private Builder() {
        }

        /**
         * Trusts the JDK's default trust store (the default).
         *
         * @return this builder
         */
        public Builder systemTrust() {
            trust = Trust.SYSTEM;
            caFile = null;
            return this;
        }

        /**
         * Trusts {@code file}'s certificates only.
         *
         * @param file a PEM file of CA certificates, e.g. the lab CA; read when a client is built
         * @return this builder
         */
        public Builder caFile(Path file) {
            trust = Trust.CA_FILE;
            caFile = Objects.requireNonNull(file, "caFile");
            return this;
        }

        /**
         * Checks no certificate at all: for benchmarks against self-signed targets only.
         *
         * @return this builder
         */
        public Builder insecure() {
            trust = Trust.INSECURE;
            caFile = null;
            return this;
        }

        /**
         * Offers {@code protocols} by ALPN.
         *
         * @param protocols {@code h2} and {@code http/1.1}, one or both, in preference order
         * @return this builder
         * @throws IllegalArgumentException if {@code protocols} is empty or holds anything else
         */
        public Builder alpn(List<String> protocols) {
            List<String> copy = List.copyOf(protocols);
            if (copy.isEmpty() || !copy.stream().allMatch(p -> p.equals("h2") || p.equals("http/1.1"))) {
                throw new IllegalArgumentException("ALPN protocols " + copy + " must be a non-empty list of h2,"
                        + " http/1.1");
            }
            alpn = copy;
            return this;
        }

        /**
         * Offers {@code keyExchangeGroups}, in preference order.
         *
         * @param keyExchangeGroups OpenSSL group names, e.g. {@code X25519MLKEM768}; empty for the engine's defaults
         * @return this builder
         * @throws IllegalArgumentException if a name is blank or has surrounding whitespace
         */
        public Builder groups(List<String> keyExchangeGroups) {
            List<String> copy = List.copyOf(keyExchangeGroups);
            if (copy.stream().anyMatch(g -> g.isBlank() || !g.equals(g.strip()))) {
                throw new IllegalArgumentException("key-exchange groups " + copy + " must be names such as X25519");
            }
            groups = copy;
            return this;
        }

        /**
         * The settings.
         *
         * @return new immutable settings
         */
        public TlsSettings build() {
            return new TlsSettings(this);
        }
    }
}
