package io.proxybench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.proxybench.net.Transport;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LabJsonTest {

    @TempDir
    Path home;

    @Test
    void jsonIsOneObjectOnOneLineWithEveryEndpoint() throws Exception {
        MainTest.Run r = MainTest.run("lab", "--for", "200ms", "--json", "--home", home.toString());
        assertThat(r.exitCode()).isZero();
        assertThat(r.out().strip().lines()).hasSize(1);
        JsonNode json = new ObjectMapper().readTree(r.out());
        for (String field : new String[] {"gateway", "target_https", "target_http", "admin", "ca_file", "curl"}) {
            assertThat(json.path(field).asText()).as(field).isNotBlank();
        }
        assertThat(json.path("gateway").asText()).startsWith("http://127.0.0.1:");
        assertThat(json.path("proxy_urls").path("socks5_sticky").asText()).startsWith("socks5h://lab:lab_session-");
        assertThat(Files.readString(Path.of(json.path("ca_file").asText()))).startsWith("-----BEGIN CERTIFICATE-----");
        assertThat(json.path("transport").asText()).as("the lab's servers' transport")
                .isEqualTo(Transport.servers().name());
        assertThat(json.path("tls").asText()).isIn("openssl", "jdk");
    }
}
