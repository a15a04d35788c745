package io.proxybench.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * TLS settings as values and the errors of bad ones: pins in curl's form only, key stores read when a client is
 * built with errors that name the file and never the password, and equality that keeps differently set-up
 * connections apart in the pool.
 */
class TlsSettingsTest {

    private static final String PIN = "sha256//" + Base64.getEncoder().encodeToString(new byte[32]);
    private static final String PASSWORD = "s3cret-pw";

    @TempDir
    Path folder;

    @ParameterizedTest
    @ValueSource(strings = {"AAAA", "sha1//AAAAAAAAAAAAAAAAAAAAAAAAAAA=", "sha256//not base64!",
            "sha256//AAAAAAAAAAAAAAAAAAAAAAAAAAA=", "SHA256//AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA="})
    void aPinNotInCurlsFormIsRefusedNamingThePinAndTheForm(String pin) {
        assertThatThrownBy(() -> TlsSettings.builder().pin("example.com", PIN, pin))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("pin '" + pin + "' for example.com")
                .hasMessageContaining("must be sha256// followed by the base64 SHA-256 of the certificate's"
                        + " SubjectPublicKeyInfo");
    }

    @Test
    void pinsAddUpPerLowerCaseHostAndTakePartInEquality() {
        TlsSettings pinned = TlsSettings.builder().pin("Example.COM", PIN).pin("example.com", PIN).build();

        assertThat(pinned.pins()).containsOnlyKeys("example.com");
        assertThat(pinned.pins().get("example.com")).containsExactly(PIN, PIN);
        assertThat(pinned).isEqualTo(TlsSettings.builder().pin("example.com", PIN, PIN).build())
                .hasSameHashCodeAs(TlsSettings.builder().pin("example.com", PIN, PIN).build())
                .isNotEqualTo(TlsSettings.system());
        assertThat(pinned.toString()).contains("pins for example.com");
        assertThatThrownBy(() -> TlsSettings.builder().pin("example.com")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("at least one pin");
    }

    @Test
    void aKeyStoreThatIsMissingFailsTheBuildNamingTheFile() {
        Path missing = folder.resolve("client.p12");
        TlsSettings tls = TlsSettings.builder().keyStore(missing, PASSWORD.toCharArray()).build();

        assertThatThrownBy(() -> ProxyClient.builder().tls(tls).build()).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("tls: TLS key store " + missing + " cannot be read: no such file")
                .hasMessageNotContaining(PASSWORD);
        assertThatThrownBy(() -> ProxyClient.builder().proxy("https://127.0.0.1:8443").proxyTls(tls).build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("proxyTls: TLS key store " + missing + " cannot be read")
                .hasMessageNotContaining(PASSWORD);
    }

    @Test
    void aWrongPasswordOrAFileThatIsNoKeyStoreFailsTheBuildNamingTheFileNotThePassword() throws Exception {
        Path store = folder.resolve("client.p12");
        KeyStore empty = KeyStore.getInstance("PKCS12");
        empty.load(null, null);
        try (OutputStream out = Files.newOutputStream(store)) {
            empty.store(out, "the-right-one".toCharArray());
        }
        Path pem = Files.writeString(folder.resolve("client.pem"), "-----BEGIN CERTIFICATE-----\n",
                StandardCharsets.US_ASCII);

        for (Path file : List.of(store, pem)) {
            TlsSettings tls = TlsSettings.builder().keyStore(file, PASSWORD.toCharArray()).build();
            assertThatThrownBy(() -> ProxyClient.builder().tls(tls).build())
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("TLS key store " + file + " cannot be read: wrong password or not a"
                            + " PKCS12/JKS file")
                    .hasMessageNotContaining(PASSWORD);
            assertThatThrownBy(() -> ProxyClient.builder().proxyTls(tls).build())
                    .as("the proxy's TLS settings are read when the client is built too")
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("TLS key store " + file);
        }
    }

    @Test
    void keyStoresCompareByFileAndPasswordWhichNoTextShows() {
        Path file = folder.resolve("me.p12");
        char[] password = PASSWORD.toCharArray();
        TlsSettings a = TlsSettings.builder().keyStore(file, password).build();
        password[0] = 'X';

        assertThat(a.keyStorePassword()).as("copied in").isEqualTo(PASSWORD.toCharArray());
        assertThat(a).isEqualTo(TlsSettings.builder().keyStore(file, PASSWORD.toCharArray()).build())
                .isNotEqualTo(TlsSettings.builder().keyStore(file, "other".toCharArray()).build());
        assertThat(a.toString()).contains("client key store " + file).doesNotContain(PASSWORD);
        assertThat(a.toBuilder().build()).isEqualTo(a);
    }
}
