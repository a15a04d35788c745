package io.proxybench.records;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class PhaseTest {

    @Test
    void totalIsNamedAsTheSeedNamesIt() {
        assertThat(Phase.TOTAL.jsonName()).isEqualTo("total");
        assertThat(Phase.PROXY_TLS.jsonName()).isEqualTo("proxy_tls");
    }

    @Test
    void eachPhaseReadsItsOwnField() {
        RequestRecord r = RequestRecord.builder(0, 1).queue(1.0).dns(2.0).tcp(3.0).proxyTls(4.0).socks(5.0)
                .connect(6.0).tls(7.0).request(8.0).total(9.0).build();
        assertThat(Arrays.stream(Phase.values()).map(p -> p.seconds(r)))
                .containsExactly(1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0);
    }
}
