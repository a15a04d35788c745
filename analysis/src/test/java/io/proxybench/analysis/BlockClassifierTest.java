package io.proxybench.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.proxybench.records.Outcome;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class BlockClassifierTest {
    /** Data needs a top-level "price"; the median success body is 1000 bytes, so under 200 bytes is small. */
    private static final BlockClassifier CLASSIFIER = new BlockClassifier(new Expect.JsonKey("price"), 1000.0);

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        # case                   | status | error                    | chal  | bytes | body              | outcome
        queue error              |        | queue_TimeoutException   | false |       |                   | PROXY_FAILURE
        dns error                |        | dns_UnknownHostException | false |       |                   | PROXY_FAILURE
        tcp error                |        | tcp_ConnectException     | false |       |                   | PROXY_FAILURE
        proxy tls error          |        | proxy_tls_SSLException   | false |       |                   | PROXY_FAILURE
        socks error              |        | socks_SocksException     | false |       |                   | PROXY_FAILURE
        CONNECT refused          |        | connect_407              | false |       |                   | PROXY_FAILURE
        tls timeout              |        | tls_TimeoutException     | false |       |                   | PROXY_FAILURE
        target's cert untrusted  |        | tls_UntrustedCertificate | false |       |                   | TARGET_ERROR
        proxy's cert untrusted   |        | proxy_tls_UntrustedCertificate | false |  |                   | PROXY_FAILURE
        error beats a 200        | 200    | tls_SSLException         | false | 1000  | {"price": 1}      | PROXY_FAILURE
        request-phase error      |        | request_TimeoutException | false |       |                   | TARGET_ERROR
        forward proxy's 407      | 407    |                          | false | 1000  |                   | PROXY_FAILURE
        403                      | 403    |                          | false | 1000  |                   | HARD_BLOCK
        429                      | 429    |                          | false | 1000  |                   | HARD_BLOCK
        503                      | 503    |                          | false | 1000  |                   | HARD_BLOCK
        hard beats challenge     | 403    |                          | true  | 1000  |                   | HARD_BLOCK
        hard beats small body    | 429    |                          | false | 10    |                   | HARD_BLOCK
        challenge on a 200       | 200    |                          | true  | 1000  | {"price": 1}      | SOFT_BLOCK
        challenge on a 418       | 418    |                          | true  | 1000  |                   | SOFT_BLOCK
        under 20% of median      | 200    |                          | false | 199   | {"price": 1}      | SOFT_BLOCK
        empty body               | 200    |                          | false | 0     |                   | SOFT_BLOCK
        small body beats 404     | 404    |                          | false | 10    |                   | SOFT_BLOCK
        exactly 20% is not small | 200    |                          | false | 200   | {"price": 1}      | DATA
        404                      | 404    |                          | false | 5000  |                   | TARGET_ERROR
        410                      | 410    |                          | false | 5000  |                   | TARGET_ERROR
        400                      | 400    |                          | false | 5000  |                   | TARGET_ERROR
        500                      | 500    |                          | false | 5000  |                   | TARGET_ERROR
        502                      | 502    |                          | false | 5000  |                   | TARGET_ERROR
        expected key present     | 200    |                          | false | 1000  | {"price": 1}      | DATA
        expected key on a 203    | 203    |                          | false | 1000  | {"price": 1}      | DATA
        no length: no size rule  | 200    |                          | false |       | {"price": 1}      | DATA
        expected key missing     | 200    |                          | false | 1000  | {"cost": 1}       | SOFT_BLOCK
        key only nested          | 200    |                          | false | 1000  | {"a":{"price":1}} | SOFT_BLOCK
        body not JSON            | 200    |                          | false | 1000  | price: 1          | SOFT_BLOCK
        no body kept             | 200    |                          | false | 1000  |                   | SOFT_BLOCK
        redirect                 | 301    |                          | false | 1000  |                   | TARGET_ERROR
        """)
    void sortsEveryRuleInPrecedenceOrder(String name, Integer status, String error, boolean challenge,
                                         Long bytes, String body, Outcome expected) {
        assertThat(CLASSIFIER.classify(new BlockClassifier.Input(status, error, challenge, bytes, body)))
                .isEqualTo(expected);
    }

    @Test
    void withoutExpectEvery2xxIsDataAndWithoutMedianNoBodyIsSmall() {
        BlockClassifier statusOnly = new BlockClassifier(null, null);
        assertThat(statusOnly.classify(new BlockClassifier.Input(200, null, false, 0L, null)))
                .isEqualTo(Outcome.DATA);
        assertThat(statusOnly.classify(new BlockClassifier.Input(204, null, false, null, null)))
                .isEqualTo(Outcome.DATA);
        assertThat(statusOnly.classify(new BlockClassifier.Input(200, null, true, null, null)))
                .isEqualTo(Outcome.SOFT_BLOCK);
    }

    @Test
    void bodyRegexFindsAnywhereInTheBody() {
        BlockClassifier regex = new BlockClassifier(new Expect.BodyRegex(Pattern.compile("\"price\":\\s*\\d")), null);
        assertThat(regex.classify(new BlockClassifier.Input(200, null, false, 30L, "<p>{\"price\": 12}</p>")))
                .isEqualTo(Outcome.DATA);
        assertThat(regex.classify(new BlockClassifier.Input(200, null, false, 30L, "<p>Access denied</p>")))
                .isEqualTo(Outcome.SOFT_BLOCK);
    }

    @Test
    void jsonPointerReachesNestedKeys() {
        Expect pointer = new Expect.JsonKey("/offers/0/price");
        assertThat(pointer.matches("{\"offers\": [{\"price\": 3}]}")).isTrue();
        assertThat(pointer.matches("{\"offers\": []}")).isFalse();
    }

    @Test
    void inputNeedsAStatusOrAnError() {
        assertThatThrownBy(() -> new BlockClassifier.Input(null, null, false, null, null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("needs a status or an error");
    }
}
