package io.proxybench.experiments.ramp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.proxybench.analysis.stats.RecordClassifier;
import io.proxybench.records.RequestRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Which side a failed request is put down to, from hand-made records classified as {@code analyze} does. */
class FailureSideTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', nullValues = "null", textBlock = """
        # case                          | status | error                         | challenge | side    | label
        CONNECT refused, plan limit     | null   | connect_429                   | false     | GATEWAY | connect_429
        CONNECT refused, auth           | null   | connect_407                   | false     | GATEWAY | connect_407
        CONNECT refused, destination    | null   | connect_403                   | false     | GATEWAY | connect_403
        exit could not dial             | null   | connect_502                   | false     | OTHER   | connect_502
        gateway timed out dialling      | null   | connect_504                   | false     | OTHER   | connect_504
        SOCKS5 auth rejected            | null   | socks_AuthFailed              | false     | GATEWAY | socks_AuthFailed
        SOCKS5 refusal                  | null   | socks_ConnectionRefused       | false     | GATEWAY | socks_ConnectionRefused
        SOCKS5 timed out                | null   | socks_ProxyConnectException   | false     | GATEWAY | socks_ProxyConnectException
        TCP refused                     | null   | tcp_ConnectException          | false     | GATEWAY | tcp_ConnectException
        reset during CONNECT            | null   | connect_NativeIoException     | false     | GATEWAY | connect_NativeIoException
        reset during SOCKS5             | null   | socks_SocketException         | false     | GATEWAY | socks_SocketException
        closed during proxy TLS         | null   | proxy_tls_ClosedChannelException | false  | GATEWAY | proxy_tls_ClosedChannelException
        CONNECT timed out               | null   | connect_ProxyConnectException | false     | OTHER   | connect_ProxyConnectException
        TLS to the target timed out     | null   | tls_TimeoutException          | false     | OTHER   | tls_TimeoutException
        reset once the tunnel was up    | null   | request_IOException           | false     | OTHER   | request_IOException
        no answer by the drain          | null   | total_Timeout                 | false     | OTHER   | total_Timeout
        target rate limit               | 429    | null                          | false     | TARGET  | hard_block_429
        target forbids                  | 403    | null                          | false     | TARGET  | hard_block_403
        target unavailable              | 503    | null                          | false     | TARGET  | hard_block_503
        challenge on a 200              | 200    | null                          | true      | TARGET  | soft_block_200
        target not found                | 404    | null                          | false     | OTHER   | target_error_404
        target error                    | 500    | null                          | false     | OTHER   | target_error_500
        """)
    void eachFailureHasOneSide(String name, Integer status, String error, boolean challenge, FailureSide side,
            String label) {
        RequestRecord r = classified(RequestRecord.builder(0, 0.01).total(0.01).status(status).error(error)
                .challenge(challenge ? Boolean.TRUE : null).build());
        assertThat(FailureSide.of(r)).isEqualTo(side);
        assertThat(FailureSide.label(r)).isEqualTo(label);
    }

    @Test
    void aSuccessHasNoSide() {
        assertThat(FailureSide.of(classified(RequestRecord.builder(0, 0.01).total(0.01).status(200).build())))
                .isNull();
    }

    @Test
    void aRecordWithoutOutcomeIsRefused() {
        assertThatThrownBy(() -> FailureSide.of(RequestRecord.builder(0, 0.5).status(200).build()))
                .hasMessageContaining("has no outcome");
    }

    private static RequestRecord classified(RequestRecord r) {
        return new RecordClassifier(null).classify(r);
    }
}
