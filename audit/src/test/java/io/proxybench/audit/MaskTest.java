package io.proxybench.audit;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.client.proxy.ProxyCredentials;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;

class MaskTest {

    private final ProxyCredentials account = new ProxyCredentials("user", "s3cret_session-a");
    private final Mask mask = new Mask(List.of(account));

    @Test
    void aPasswordAndItsBasicValueNeverReachAnError() {
        String basic = account.basicToken();
        IOException e = new IOException("refused " + basic + " for user:s3cret_session-a\nsecond line");

        String error = mask.error(new CompletionException(e));

        assertThat(error).isEqualTo("IOException: refused **** for user:****");
    }

    @Test
    void theInnermostCauseNamesTheError() {
        Exception e = new IllegalStateException("outer", new java.net.ConnectException("Connection refused"));

        assertThat(mask.error(e)).isEqualTo("ConnectException: Connection refused");
    }

    @Test
    void anErrorWithoutMessageIsItsClass() {
        assertThat(mask.error(new java.util.concurrent.TimeoutException())).isEqualTo("TimeoutException");
    }
}
