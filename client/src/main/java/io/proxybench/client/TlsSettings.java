package io.proxybench.client;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.TrustManagerFactory;

/**
 * How the client checks a peer's certificate (trust, hostname, pinned keys), which certificate it presents itself
 * (a key store or key manager, for mutual TLS), which protocols it offers by ALPN and which key-exchange groups it
 * offers. The client uses one for origins and one for {@code https://} proxies (the same unless
 * {@link ProxyClient.Builder#proxyTls} says otherwise). Part of the pool key: connections made with different settings
 * are never shared. Immutable; made with {@link #system()}, {@link #caFile(Path)}, {@link #insecure()} or
 * {@link #builder()}.
 *
 * <p>The hostname is verified unless the trust is {@link Trust#INSECURE}, whatever the trust's source. Key stores are
 * read when a client is built; a key manager or trust manager factory given here is used as it is, and compared by
 * identity.
 */
public final class TlsSettings {

    /** Where trust comes from. */
    public enum Trust {
        /** The JDK's default trust store. */
        SYSTEM,
        /** The certificates of {@link TlsSettings#caFile()}. */
        CA_FILE,
        /** No checks at all: for benchmarks against self-signed targets only. */
        INSECURE,
        /** The trust managers of {@link TlsSettings#trustManager()}, e.g. from a corporate trust store. */
        CUSTOM
    }

    /** ALPN offering {@code h2} first, then {@code http/1.1}: the default. */
    public static final List<String> H2_AND_HTTP11 = List.of("h2", "http/1.1");
    /** ALPN offering {@code http/1.1} only, so every origin connection carries one request at a time. */
    public static final List<String> HTTP11_ONLY = List.of("http/1.1");

    /** A pin as curl's {@code --pinnedpubkey} writes it: this prefix, then the base64 SHA-256 of a key's SPKI. */
    private static final String PIN_PREFIX = "sha256//";
    /** Bytes of a SHA-256 digest. */
    private static final int SHA256_BYTES = 32;

    private final Trust trust;
    private final Path caFile;
    private final TrustManagerFactory trustManager;
    private final Path keyStore;
    /** The key store's password; never shown, copied in and out. */
    private final char[] keyStorePassword;
    private final KeyManagerFactory keyManager;
    /** Pins per lower-case host, each list non-empty, in the order given. */
    private final Map<String, List<String>> pins;
    private final List<String> alpn;
    private final List<String> groups;
    /** {@link #hashCode()}, computed once: the settings are part of every request's pool key. */
    private final int hash;

    private TlsSettings(Builder b) {
        this.trust = b.trust;
        this.caFile = b.caFile;
        this.trustManager = b.trustManager;
        this.keyStore = b.keyStore;
        this.keyStorePassword = b.keyStorePassword == null ? null : b.keyStorePassword.clone();
        this.keyManager = b.keyManager;
        Map<String, List<String>> copy = new LinkedHashMap<>();
        b.pins.forEach((host, hostPins) -> copy.put(host, List.copyOf(hostPins)));
        this.pins = Map.copyOf(copy);
        this.alpn = b.alpn;
        this.groups = b.groups;
        this.hash = Objects.hash(trust, caFile, System.identityHashCode(trustManager), keyStore,
                Arrays.hashCode(keyStorePassword), System.identityHashCode(keyManager), pins, alpn, groups);
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
        b.trustManager = trustManager;
        b.keyStore = keyStore;
        b.keyStorePassword = keyStorePassword == null ? null : keyStorePassword.clone();
        b.keyManager = keyManager;
        pins.forEach((host, hostPins) -> b.pins.put(host, new ArrayList<>(hostPins)));
        return b;
    }

    /**
     * Where trust in the peer's certificate comes from.
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
     * The trust managers' factory, for {@link Trust#CUSTOM} trust.
     *
     * @return the factory, or null for the other trust modes
     */
    public TrustManagerFactory trustManager() {
        return trustManager;
    }

    /**
     * The PKCS12 or JKS file holding the client's certificate and key, presented when a peer asks for one.
     *
     * @return the file, or null when there is none (or a {@link #keyManager()} instead)
     */
    public Path keyStore() {
        return keyStore;
    }

    /**
     * The password of {@link #keyStore()}.
     *
     * @return a copy of it, or null without a key store
     */
    public char[] keyStorePassword() {
        return keyStorePassword == null ? null : keyStorePassword.clone();
    }

    /**
     * The key managers' factory choosing the client's certificate, presented when a peer asks for one.
     *
     * @return the factory, or null when there is none (or a {@link #keyStore()} instead)
     */
    public KeyManagerFactory keyManager() {
        return keyManager;
    }

    /**
     * The pinned public keys per host, in curl's {@code --pinnedpubkey} form {@code sha256//BASE64} (the SHA-256 of
     * a certificate's SubjectPublicKeyInfo). A connection to a host listed here is used only when a certificate of
     * the chain the peer presented has one of its pins; hosts not listed are not pinned.
     *
     * @return the pins per lower-case host name or IP literal, as given; empty when nothing is pinned
     */
    public Map<String, List<String>> pins() {
        return pins;
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
                && trustManager == t.trustManager && Objects.equals(keyStore, t.keyStore)
                && Arrays.equals(keyStorePassword, t.keyStorePassword) && keyManager == t.keyManager
                && pins.equals(t.pins) && alpn.equals(t.alpn) && groups.equals(t.groups);
    }

    @Override
    public int hashCode() {
        return hash;
    }

    /**
     * The settings, e.g. {@code trust CA file /tmp/ca.pem, client key store /tmp/me.p12, pins for example.com,
     * ALPN h2,http/1.1, default groups}; never a password.
     *
     * @return the text
     */
    @Override
    public String toString() {
        String trusted = switch (trust) {
            case SYSTEM -> "system trust";
            case CA_FILE -> "trust CA file " + caFile;
            case INSECURE -> "no certificate checks";
            case CUSTOM -> "custom trust manager";
        };
        String identity = keyStore != null ? ", client key store " + keyStore
                : keyManager != null ? ", client key manager" : "";
        String pinned = pins.isEmpty() ? "" : ", pins for " + String.join(",", new TreeSet<>(pins.keySet()));
        return trusted + identity + pinned + ", ALPN " + String.join(",", alpn) + ", "
                + (groups.isEmpty() ? "default groups" : "groups " + String.join(",", groups));
    }

    /** {@code pin} when it is in curl's form; otherwise an error naming it, its host and the form expected. */
    private static String checkedPin(String host, String pin) {
        Objects.requireNonNull(pin, "pin");
        if (pin.startsWith(PIN_PREFIX)) {
            try {
                if (Base64.getDecoder().decode(pin.substring(PIN_PREFIX.length())).length == SHA256_BYTES) {
                    return pin;
                }
            } catch (IllegalArgumentException notBase64) {
                // Falls through to the error below, which says what is expected.
            }
        }
        throw new IllegalArgumentException("pin '" + pin + "' for " + host + " must be sha256// followed by the"
                + " base64 SHA-256 of the certificate's SubjectPublicKeyInfo, as curl's --pinnedpubkey takes it"
                + " (e.g. sha256//" + "A".repeat(43) + "=)");
    }

    /** Settings under construction; each checked as it is set. Not thread-safe. */
    public static final class Builder {

        private Trust trust = Trust.SYSTEM;
        private Path caFile;
        private TrustManagerFactory trustManager;
        private Path keyStore;
        private char[] keyStorePassword;
        private KeyManagerFactory keyManager;
        private final Map<String, List<String>> pins = new LinkedHashMap<>();
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
            trustManager = null;
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
            trustManager = null;
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
            trustManager = null;
            return this;
        }

        /**
         * Trusts what {@code factory}'s trust managers trust (an initialised factory, e.g. from a corporate trust
         * store); the hostname is still verified.
         *
         * @param factory an initialised factory, used as it is
         * @return this builder
         */
        public Builder trustManager(TrustManagerFactory factory) {
            trust = Trust.CUSTOM;
            caFile = null;
            trustManager = Objects.requireNonNull(factory, "trustManager");
            return this;
        }

        /**
         * Presents the certificate and key of {@code file} when a peer asks for a client certificate (mutual TLS).
         * Replaces a {@link #keyManager}. The file is read when a client is built; a file that is missing or cannot
         * be opened with {@code password} fails that build with an {@link IllegalArgumentException} naming the file.
         *
         * @param file a PKCS12 or JKS key store holding one key entry
         * @param password the store's password, also the key's; copied
         * @return this builder
         */
        public Builder keyStore(Path file, char[] password) {
            keyStore = Objects.requireNonNull(file, "keyStore");
            keyStorePassword = Objects.requireNonNull(password, "password").clone();
            keyManager = null;
            return this;
        }

        /**
         * Presents the certificate {@code factory}'s key managers choose when a peer asks for a client certificate
         * (mutual TLS). Replaces a {@link #keyStore}.
         *
         * @param factory an initialised factory, used as it is
         * @return this builder
         */
        public Builder keyManager(KeyManagerFactory factory) {
            keyManager = Objects.requireNonNull(factory, "keyManager");
            keyStore = null;
            keyStorePassword = null;
            return this;
        }

        /**
         * Pins {@code host}'s public keys: a connection to it is used only when a certificate of the presented chain
         * (leaf, intermediate or root) has one of the host's pins, as OkHttp's {@code CertificatePinner} checks; it
         * fails in the TLS phase otherwise. Checked after the handshake, on top of the trust. Calls for one host add
         * to its pins.
         *
         * @param host the name or IP literal requests use, matched exactly and case-insensitively (no wildcards)
         * @param pins one or more, each as curl's {@code --pinnedpubkey} takes it: {@code sha256//} followed by the
         *     base64 SHA-256 of the certificate's SubjectPublicKeyInfo, e.g. from {@code openssl x509 -pubkey |
         *     openssl pkey -pubin -outform der | openssl dgst -sha256 -binary | base64}
         * @return this builder
         * @throws IllegalArgumentException if the host is blank, no pin is given, or a pin is not in that form; the
         *     message names the pin and the form
         */
        public Builder pin(String host, String... pins) {
            Objects.requireNonNull(host, "host");
            if (host.isBlank() || !host.equals(host.strip())) {
                throw new IllegalArgumentException("pinned host '" + host + "' must be a host name or IP literal");
            }
            if (pins.length == 0) {
                throw new IllegalArgumentException("pin(" + host + ") needs at least one pin, e.g. sha256//BASE64");
            }
            List<String> checked = Arrays.stream(pins).map(p -> checkedPin(host, p)).toList();
            this.pins.computeIfAbsent(host.toLowerCase(Locale.ROOT), h -> new ArrayList<>())
                    .addAll(checked);
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
