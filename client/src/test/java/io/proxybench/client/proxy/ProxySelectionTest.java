package io.proxybench.client.proxy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The selections' factories, and the environment read as curl reads it. */
class ProxySelectionTest {

    private static final URI HTTP = URI.create("http://example.com/a");
    private static final URI HTTPS = URI.create("https://example.com/a");

    private static String picked(Map<String, String> env, URI uri) {
        ProxySpec proxy = ProxySelection.fromEnvironment(env).select(uri);
        return proxy == null ? "direct" : proxy.toString();
    }

    @Test
    void directOfAndBypassing() {
        ProxySpec gw = ProxySpec.parse("http://u:secret@gw.example:8080");
        assertThat(ProxySelection.direct().select(HTTPS)).isNull();
        assertThat(ProxySelection.of(gw).select(HTTPS)).isSameAs(gw);
        ProxySelection bypassing = ProxySelection.of(gw).bypassing(ProxyBypass.noProxy("example.com:443,10.0.0.0/8"));
        assertThat(bypassing.select(HTTPS)).as("443 is https' default port").isNull();
        assertThat(bypassing.select(HTTP)).as("port 80 is not bypassed").isSameAs(gw);
        assertThat(bypassing.select(URI.create("https://example.com:8443/"))).isSameAs(gw);
        assertThat(bypassing.select(URI.create("http://10.9.8.7:8080/"))).isNull();
        assertThat(bypassing.select(URI.create("https://other.example/"))).isSameAs(gw);
        assertThat(bypassing.toString()).isEqualTo("http://u:****@gw.example:8080 except NO_PROXY"
                + " example.com:443,10.0.0.0/8");
        assertThatThrownBy(() -> ProxySelection.of(null)).isInstanceOf(NullPointerException.class);
    }

    @Test
    void aUserSelectionIsALambdaAndBypassingWrapsIt() {
        ProxySpec a = ProxySpec.parse("http://a.example:1");
        ProxySpec b = ProxySpec.parse("socks5h://b.example:2");
        ProxySelection byHost = uri -> uri.getHost().startsWith("a") ? a : b;
        ProxySelection selection = byHost.bypassing(ProxyBypass.nonProxyHosts("*.internal"));
        assertThat(selection.select(URI.create("https://a.example/"))).isSameAs(a);
        assertThat(selection.select(URI.create("https://b.example/"))).isSameAs(b);
        assertThat(selection.select(URI.create("https://a.internal/"))).isNull();
    }

    @Test
    void eachSchemeTakesItsOwnVariableAndAllProxyIsTheFallback() {
        Map<String, String> env = Map.of("http_proxy", "http://h:1", "https_proxy", "http://s:2",
                "all_proxy", "socks5h://all:3");
        assertThat(picked(env, HTTP)).isEqualTo("http://h:1");
        assertThat(picked(env, HTTPS)).isEqualTo("http://s:2");
        assertThat(picked(env, URI.create("ws://example.com/"))).isEqualTo("socks5h://all:3");
        assertThat(picked(Map.of("ALL_PROXY", "socks5://all:3"), HTTPS)).isEqualTo("socks5://all:3");
        assertThat(picked(Map.of("https_proxy", "http://s:2", "all_proxy", "http://all:3"), HTTP))
                .as("http without http_proxy falls back").isEqualTo("http://all:3");
        assertThat(picked(Map.of("http_proxy", "http://h:1"), HTTPS)).isEqualTo("direct");
        assertThat(picked(Map.of(), HTTPS)).isEqualTo("direct");
        assertThat(ProxySelection.fromEnvironment(Map.of()).toString())
                .isEqualTo("environment (no proxy variables)");
    }

    @Test
    void upperCaseHttpProxyIsIgnoredAsCurlDoes() {
        assertThat(picked(Map.of("HTTP_PROXY", "http://evil:1"), HTTP)).as("httpoxy").isEqualTo("direct");
        assertThat(picked(Map.of("HTTP_PROXY", "http://evil:1", "ALL_PROXY", "http://all:3"), HTTP))
                .isEqualTo("http://all:3");
        assertThat(picked(Map.of("HTTPS_PROXY", "http://S:2"), HTTPS)).isEqualTo("http://S:2");
    }

    @Test
    void lowerCaseWinsWhenBothAreSetAndAnEmptyVariableIsUnset() {
        assertThat(picked(Map.of("https_proxy", "http://lower:1", "HTTPS_PROXY", "http://upper:2"), HTTPS))
                .isEqualTo("http://lower:1");
        assertThat(picked(Map.of("all_proxy", "http://lower:1", "ALL_PROXY", "http://upper:2"), HTTPS))
                .isEqualTo("http://lower:1");
        assertThat(picked(Map.of("https_proxy", "", "HTTPS_PROXY", "http://upper:2"), HTTPS))
                .isEqualTo("http://upper:2");
        Map<String, String> both = Map.of("https_proxy", "http://gw:1", "no_proxy", "lower.example",
                "NO_PROXY", "upper.example");
        assertThat(picked(both, URI.create("https://lower.example/"))).isEqualTo("direct");
        assertThat(picked(both, URI.create("https://upper.example/"))).isEqualTo("http://gw:1");
    }

    @Test
    void noProxyAppliesToEveryVariable() {
        Map<String, String> env = Map.of("http_proxy", "http://h:1", "https_proxy", "http://s:2",
                "all_proxy", "http://all:3", "NO_PROXY", ".internal.example, 127.0.0.0/8");
        assertThat(picked(env, URI.create("http://db.internal.example/"))).isEqualTo("direct");
        assertThat(picked(env, URI.create("https://internal.example/"))).isEqualTo("direct");
        assertThat(picked(env, URI.create("ws://127.0.0.1:9000/"))).isEqualTo("direct");
        assertThat(picked(env, URI.create("https://notinternal.example/"))).isEqualTo("http://s:2");
        assertThat(picked(Map.of("https_proxy", "http://s:2", "no_proxy", "*"), HTTPS)).isEqualTo("direct");
    }

    @Test
    void aUrlWithoutSchemeIsHttp() {
        assertThat(picked(Map.of("https_proxy", "gw.example:3128"), HTTPS)).isEqualTo("http://gw.example:3128");
        assertThat(picked(Map.of("https_proxy", "u:secret@gw.example:3128"), HTTPS))
                .isEqualTo("http://u:****@gw.example:3128");
        ProxySpec spec = ProxySelection.fromEnvironment(Map.of("https_proxy", "u:p%40ss@gw.example:3128"))
                .select(HTTPS);
        assertThat(spec.credentials()).isEqualTo(new ProxyCredentials("u", "p@ss"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"socks4://u:hunter2@gw.example:1080", "SOCKS4A://u:hunter2@gw.example:1080",
        "ftp://u:hunter2@gw.example:21"})
    void anUnsupportedSchemeNamesTheVariableAndTheSchemesWithoutThePassword(String url) {
        String scheme = url.substring(0, url.indexOf("://"));
        String port = url.substring(url.lastIndexOf(':') + 1);
        assertThatThrownBy(() -> ProxySelection.fromEnvironment(Map.of("https_proxy", url)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("https_proxy is " + scheme + "://u:****@gw.example:" + port
                        + ", whose scheme \"" + scheme + "\" the client does not support;"
                        + " use http://, https://, socks5://, socks5h://")
                .hasMessageNotContaining("hunter2");
    }

    @Test
    void aBadProxyUrlNamesTheVariableWithoutThePassword() {
        assertThatThrownBy(() -> ProxySelection.fromEnvironment(Map.of("ALL_PROXY", "socks5h://u:hunter2@gw.example:0")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("ALL_PROXY: proxy URL socks5h://u:****@gw.example:0: port 0 is outside")
                .hasMessageNotContaining("hunter2");
        assertThatThrownBy(() -> ProxySelection.fromEnvironment(Map.of("http_proxy", "u:hunter2@gw example:1")))
                .hasMessageStartingWith("http_proxy: proxy URL http://u:****@gw example:1: host 'gw example'")
                .hasMessageNotContaining("hunter2");
        assertThatThrownBy(() -> ProxySelection.fromEnvironment(Map.of("no_proxy", "10.0.0.0/99")))
                .hasMessageStartingWith("no_proxy entry \"10.0.0.0/99\" is not");
    }

    @Test
    void toStringNamesTheVariablesAndMasksPasswords() {
        String shown = ProxySelection.fromEnvironment(Map.of("HTTPS_PROXY", "http://u:hunter2@gw:1",
                "no_proxy", "localhost")).toString();
        assertThat(shown).isEqualTo("environment HTTPS_PROXY=http://u:****@gw:1, no_proxy=localhost");
    }
}
