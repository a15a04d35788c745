package io.proxybench.client.proxy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * NO_PROXY as curl's documentation of {@code --noproxy} and {@code NO_PROXY} describes it ("local.com would match
 * local.com, local.com:80, and www.local.com, but not www.notlocal.com"; "*" matches all hosts; CIDR since 7.86.0),
 * with our extensions, and the JVM's http.nonProxyHosts; every bad entry's message.
 */
class ProxyBypassTest {

    @ParameterizedTest(name = "NO_PROXY={0}: {1}:{2} -> {3}")
    @CsvSource(delimiter = '|', value = {
        // curl's documented examples
        "local.com|local.com|443|true",
        "local.com|local.com|80|true",
        "local.com|www.local.com|443|true",
        "local.com|www.notlocal.com|443|false",
        "local.com|notlocal.com|443|false",
        "local.com|local.com.evil.example|443|false",
        "*|anything.example|8080|true",
        "*|10.1.2.3|80|true",
        "192.168.0.0/16|192.168.44.5|80|true",
        "192.168.0.0/16|192.169.0.1|80|false",
        // a leading dot (curl) or *. (ours) and the bare domain are the same rule
        ".example.com|example.com|443|true",
        ".example.com|sub.example.com|443|true",
        ".example.com|notexample.com|443|false",
        "*.example.com|example.com|443|true",
        "*.example.com|a.b.example.com|443|true",
        "*.example.com|notexample.com|443|false",
        // case and trailing dots
        "Example.COM|www.example.com|443|true",
        "example.com|WWW.EXAMPLE.COM|443|true",
        "example.com.|www.example.com|443|true",
        "example.com|example.com.|443|true",
        // addresses match exactly, however written; names are not resolved
        "10.1.2.3|10.1.2.3|80|true",
        "10.1.2.3|10.1.2.30|80|false",
        "10.1.2.3|10.1.2|80|false",
        "127.0.0.1|localhost|80|false",
        "localhost|127.0.0.1|80|false",
        "10.0.0.0/8|10.255.0.1|80|true",
        "10.0.0.0/8|11.0.0.1|80|false",
        "10.1.2.3/8|10.200.0.1|80|true",
        "172.16.0.0/12|172.31.255.255|80|true",
        "172.16.0.0/12|172.32.0.0|80|false",
        "0.0.0.0/0|203.0.113.9|80|true",
        "::1|[::1]|80|true",
        "::1|::1|80|true",
        "[::1]|[0:0:0:0:0:0:0:1]|80|true",
        "::1|[::2]|80|false",
        "fe80::/10|[fe80::1]|80|true",
        "fe80::/10|[febf::1]|80|true",
        "fe80::/10|[fec0::1]|80|false",
        "fe80::/10|10.0.0.1|80|false",
        "10.0.0.0/8|[::ffff:a00:1]|80|false",
        // host:port restricts the rule to that port (ours; curl ignores ports)
        "example.com:8080|example.com|8080|true",
        "example.com:8080|www.example.com|8080|true",
        "example.com:8080|example.com|443|false",
        "10.1.2.3:8080|10.1.2.3|8080|true",
        "10.1.2.3:8080|10.1.2.3|80|false",
        "[::1]:8080|[::1]|8080|true",
        "[::1]:8080|[::1]|80|false",
        // lists: commas, blanks, empty entries
        "a.example, b.example|b.example|80|true",
        "a.example b.example|b.example|80|true",
        "a.example,,  ,b.example,|b.example|80|true",
        "a.example,b.example|c.example|80|false",
        "localhost,*|c.example|80|true",
    })
    void noProxyMatchesAsCurlDocumentsIt(String list, String host, int port, boolean bypassed) {
        assertThat(ProxyBypass.noProxy(list).matches(host, port)).isEqualTo(bypassed);
    }

    @Test
    void emptyListsAndNoneMatchNothing() {
        assertThat(ProxyBypass.noProxy("").matches("example.com", 80)).isFalse();
        assertThat(ProxyBypass.noProxy(" , ").matches("example.com", 80)).isFalse();
        assertThat(ProxyBypass.nonProxyHosts("").matches("example.com", 80)).isFalse();
        assertThat(ProxyBypass.none().matches("example.com", 80)).isFalse();
        assertThat(ProxyBypass.noProxy("*").matches(null, 80)).as("a URL without a host").isFalse();
    }

    @ParameterizedTest(name = "http.nonProxyHosts={0}: {1} -> {2}")
    @CsvSource(delimiter = ';', value = {
        "*.example.com|localhost|127.*;www.example.com;true",
        "*.example.com|localhost|127.*;example.com;false",
        "*.example.com|localhost|127.*;notexample.com;false",
        "*.example.com|localhost|127.*;LOCALHOST;true",
        "*.example.com|localhost|127.*;localhost.example;false",
        "*.example.com|localhost|127.*;127.0.0.1;true",
        "*.example.com|localhost|127.*;10.127.0.1;false",
        "*example.com;notexample.com;true",
        "*internal*;a.internal.b;true",
        "*;anything;true",
        "host.example | other.example;other.example;true",
        "host.example||other.example;other.example;true",
        "::1;[::1];true",
        "10.1.2.3;10.1.2.30;false",
    })
    void nonProxyHostsMatchesAsTheJvmDoes(String list, String host, boolean bypassed) {
        assertThat(ProxyBypass.nonProxyHosts(list).matches(host, 80)).isEqualTo(bypassed);
    }

    @ParameterizedTest(name = "NO_PROXY entry {0}")
    @CsvSource(delimiter = '|', value = {
        "10.0.0.0/99|10.0.0.0/99",
        "fe80::/129|fe80::/129",
        "10.0.0.0/|10.0.0.0/",
        "10.0.0.0/x|10.0.0.0/x",
        "example.com/8|example.com/8",
        "exa$mple|exa$mple",
        "ok.example,exa/mple|exa/mple",
        "300.1.1.1|300.1.1.1",
        "a..example|a..example",
        "[::1|[::1",
        ".|.",
    })
    void aBadNoProxyEntryIsNamedWithExamples(String list, String entry) {
        assertThatThrownBy(() -> ProxyBypass.noProxy(list))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("NO_PROXY entry \"" + entry + "\" is not a host, domain, IP address or CIDR range;"
                        + " write e.g. example.com, .example.com, 10.0.0.0/8");
    }

    @ParameterizedTest(name = "NO_PROXY entry {0}")
    @CsvSource(delimiter = '|', value = {
        "host:notaport|notaport",
        "host:0|0",
        "host:65536|65536",
        "host:|''",
        "[::1]:x|x",
    })
    void aBadPortIsNamed(String entry, String port) {
        assertThatThrownBy(() -> ProxyBypass.noProxy(entry))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("NO_PROXY entry \"" + entry + "\" has port \"" + port + "\", not a number from 1 to 65535;"
                        + " write e.g. example.com:8080");
    }

    @Test
    void theMessageNamesTheVariableItCameFrom() {
        assertThatThrownBy(() -> ProxyBypass.noProxy("10.0.0.0/99", "no_proxy"))
                .hasMessageStartingWith("no_proxy entry \"10.0.0.0/99\"");
    }

    @ParameterizedTest(name = "http.nonProxyHosts entry {1}")
    @CsvSource(delimiter = ';', value = {
        "exa mple;exa mple",
        "a*b.example;a*b.example",
        "ok.example|*.ex$ample;*.ex$ample",
        "**x*;**x*",
    })
    void aBadNonProxyHostsEntryIsNamed(String list, String entry) {
        assertThatThrownBy(() -> ProxyBypass.nonProxyHosts(list))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("http.nonProxyHosts entry \"" + entry + "\" is not a host or IP address with * at most at"
                        + " its start or end; write e.g. *.example.com|localhost|127.*");
    }

    @Test
    void toStringShowsTheSettingAndTheList() {
        assertThat(ProxyBypass.noProxy(" localhost,10.0.0.0/8 ")).hasToString("NO_PROXY localhost,10.0.0.0/8");
        assertThat(ProxyBypass.none()).hasToString("none");
    }
}
