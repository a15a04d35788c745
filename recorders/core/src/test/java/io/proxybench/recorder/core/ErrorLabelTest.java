package io.proxybench.recorder.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.records.Phase;
import java.io.IOException;
import java.net.ConnectException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Masking: an exception's message never reaches a record, whatever secret it quotes. */
class ErrorLabelTest {

    private static final String PASSWORD = "hunter2-secret";
    private static final String TOKEN = Base64.getEncoder()
            .encodeToString(("user_session-a:" + PASSWORD).getBytes(StandardCharsets.UTF_8));

    @TempDir
    Path dir;

    @Test
    void aLabelIsThePhaseAndTheClassNameOnly() {
        IOException leaky = new IOException("CONNECT http://user_session-a:" + PASSWORD + "@proxy:8080 failed,"
                + " Proxy-Authorization: Basic " + TOKEN);

        assertThat(ErrorLabel.of(Phase.CONNECT, leaky)).isEqualTo("connect_IOException");
        assertThat(ErrorLabel.of(Phase.TCP, new CompletionException(new ExecutionException(
                new ConnectException(PASSWORD))))).isEqualTo("tcp_ConnectException");
        assertThat(ErrorLabel.of(Phase.CONNECT, 407)).isEqualTo("connect_407");
        assertThat(ErrorLabel.reason(new IOException() {})).isEqualTo("Exception");
    }

    @Test
    void aFailedCallsRecordCarriesNoSecretFromItsException() throws IOException {
        Path file = dir.resolve("r.jsonl");
        try (FakeRecorder fake = new FakeRecorder(file)) {
            Observation call = fake.recorder.start();
            call.session("a");
            call.start(Phase.CONNECT);
            call.fail(new IOException("http://user_session-a:" + PASSWORD + "@proxy Basic " + TOKEN));
        }
        String text = Files.readString(file, StandardCharsets.UTF_8);
        assertThat(text).contains("\"error\":\"connect_IOException\"").doesNotContain(PASSWORD).doesNotContain(TOKEN)
                .doesNotContain("proxy");
    }
}
