package io.proxybench.client.internal.connect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assumptions.assumeThat;

import io.netty.handler.ssl.SslProvider;
import io.proxybench.client.TlsSettings;
import io.proxybench.net.TlsEngine;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Key-exchange groups the engine does not know: named one by one, and in the error of the settings offering them. */
class TlsContextsTest {

    @BeforeEach
    void openSsl() {
        assumeThat(TlsEngine.current().provider()).as("groups are set through OpenSSL").isEqualTo(SslProvider.OPENSSL);
    }

    @Test
    void unknownGroupsAreTheOnesTheEngineRejectsAlone() {
        assertThat(TlsEngine.current().unknownGroups(List.of("X25519", "FOO", "X25519MLKEM768", "BAR")))
                .containsExactly("FOO", "BAR");
        assertThat(TlsEngine.current().unknownGroups(List.of("X25519", "X25519MLKEM768"))).isEmpty();
    }

    @Test
    void settingsWithAnUnknownGroupSayWhichGroupsTheyOffered() {
        TlsSettings settings = TlsSettings.system().withGroups(List.of("X25519", "FOO"));

        assertThatThrownBy(() -> new TlsContexts().origin(settings)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("offering key-exchange groups X25519:FOO")
                .hasMessageContaining("knows no group FOO");
    }
}
