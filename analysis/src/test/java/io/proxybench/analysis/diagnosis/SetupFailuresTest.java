package io.proxybench.analysis.diagnosis;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SetupFailuresTest {

    private static final SetupContext PROXY = new SetupContext("socks5h://127.0.0.1:1080", true, "--proxy-file p.txt",
            "https://127.0.0.1:8443");
    private static final SetupContext DIRECT = new SetupContext(null, false, "--proxy", "https://127.0.0.1:8443");

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "connect_407|refused the credentials|user name and password given in --proxy-file p.txt",
        "socks_AuthFailed|rejected the user name and password|user name and password given in --proxy-file p.txt",
        "socks_AuthRequired|wants a user name and password|socks5h://USER:PASS@127.0.0.1:1080",
        "tcp_ConnectException|nothing accepted a connection at 127.0.0.1:1080|is a proxy listening at 127.0.0.1:1080",
        "tcp_ConnectTimeoutException|127.0.0.1:1080 did not answer|--timeout tcp=10s",
        "dns_UnknownHostException|does not resolve|host name in --proxy-file p.txt",
        "tls_UntrustedCertificate|target's certificate (https://127.0.0.1:8443) is not trusted|--ca FILE, or --insecure",
        "proxy_tls_UntrustedCertificate|https:// proxy's certificate (127.0.0.1:1080)|--ca FILE",
        "proxy_tls_SSLHandshakeException|TLS with the proxy at 127.0.0.1:1080 failed|http://127.0.0.1:1080",
        "connect_403|refused to open a tunnel to https://127.0.0.1:8443 (403 Forbidden)|allow it at the proxy",
        "connect_502|could not open a tunnel to https://127.0.0.1:8443 (502)|--country",
        "socks_HostUnreachable|could not connect to https://127.0.0.1:8443 (HostUnreachable)|may reach it",
    })
    void eachSetupFailureNamesTheSideAtFaultAndTheFix(String error, String problem, String fix) {
        Diagnosis d = SetupFailures.diagnose(error, null, 20, 20, PROXY);
        assertThat(d.problem()).contains(problem);
        assertThat(d.fix()).contains(fix);
        assertThat(d.text()).startsWith(d.problem()).contains("20 of the first 20 requests failed with " + error,
                "fix: " + d.fix());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "tcp_ConnectException|is the target listening at 127.0.0.1:8443? Check the host and port of the URL",
        "connect_407|give them in the proxy URL, e.g. http://USER:PASS@127.0.0.1:8443",
    })
    void withoutAProxyOrCredentialsTheFixSaysWhatToGive(String error, String fix) {
        assertThat(SetupFailures.diagnose(error, null, 20, 20, DIRECT).fix()).isEqualTo(fix);
    }

    @ParameterizedTest
    @CsvSource({"tcp_ConnectException,true", "tls_UntrustedCertificate,true", "proxy_tls_SSLException,true",
        "connect_407,true", "socks_AuthFailed,true", "dns_UnknownHostException,true",
        "queue_AcquireTimeoutException,false", "request_TruncatedResponseException,false", "total_Timeout,false"})
    void setupIsEveryPhaseBeforeTheRequest(String error, boolean setup) {
        assertThat(SetupFailures.isSetup(error)).isEqualTo(setup);
    }

    @Test
    void theProxysReasonIsQuotedAfterTheProblem() {
        Diagnosis d = SetupFailures.diagnose("connect_502", "the lab's exits have no state or city", 20, 20, PROXY);
        assertThat(d.text().lines().findFirst()).contains("the proxy at 127.0.0.1:1080 could not open a tunnel to"
                + " https://127.0.0.1:8443 (502): \"the lab's exits have no state or city\"");
    }
}
