package io.proxybench.client.internal.connect;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.DefaultHttpHeadersFactory;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.proxybench.client.proxy.ProxyCredentials;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** A refusal's reason from its headers and body, one source at a time, then bounded and masked. */
class RefusalReasonTest {

    private static final String SQUID_PAGE = """
            <!DOCTYPE html>
            <html><head>
            <meta type="copyright" content="Copyright (C) 1996-2023 The Squid Software Foundation and contributors">
            <title>ERROR: Cache Access Denied</title>
            <style type="text/css"><!-- body { font-family: sans-serif } --></style>
            </head><body><h1>ERROR</h1><h2>Cache Access Denied.</h2></body></html>
            """;

    private static HttpHeaders headers(String... namesAndValues) {
        // Unvalidated, so that values with control characters can be tried.
        HttpHeaders h = DefaultHttpHeadersFactory.headersFactory().withValidation(false).newHeaders();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            h.add(namesAndValues[i], namesAndValues[i + 1]);
        }
        return h;
    }

    private static BodyPrefix body(String text) {
        BodyPrefix body = new BodyPrefix();
        body.append(Unpooled.copiedBuffer(text, StandardCharsets.UTF_8));
        return body;
    }

    @Test
    void proxyStatusGivesItsErrorAndDetailsBeforeAnyOtherSource() {
        HttpHeaders h = headers("X-Squid-Error", "ERR_CONNECT_FAIL 111", "Proxy-Status",
                "cdn.example, gw.example; error=destination_ip_unroutable; details=\"no route to \\\"10.0.0.1\\\";"
                        + " check the exit\"; received-status=502", "Content-Type", "text/html");

        assertThat(RefusalReason.of(h, body(SQUID_PAGE), null))
                .isEqualTo("destination_ip_unroutable: no route to \"10.0.0.1\"; check the exit");
    }

    @Test
    void proxyStatusWithOnlyAnErrorOrOnlyDetailsGivesThatOne() {
        assertThat(RefusalReason.of(headers("Proxy-Status", "gw; error=http_request_denied"), null, null))
                .isEqualTo("http_request_denied");
        assertThat(RefusalReason.of(headers("Proxy-Status", "gw; details=\"over quota\""), null, null))
                .isEqualTo("over quota");
    }

    @Test
    void aProxyStatusWithoutErrorIsPassedOver() {
        HttpHeaders h = headers("Proxy-Status", "gw; received-status=502", "Content-Type", "text/plain");

        assertThat(RefusalReason.of(h, body("no exit for that country\n"), null)).isEqualTo("no exit for that country");
    }

    @Test
    void anXErrorHeaderComesBeforeTheBody() {
        assertThat(RefusalReason.of(headers("X-Squid-Error", "ERR_CACHE_ACCESS_DENIED 0"), body(SQUID_PAGE), null))
                .isEqualTo("ERR_CACHE_ACCESS_DENIED 0");
        assertThat(RefusalReason.of(headers("x-luminati-error-code", "zone_not_found"), body("denied"), null))
                .isEqualTo("zone_not_found");
    }

    @Test
    void http2HeadersAreReadTheSameWay() {
        DefaultHttp2Headers h2 = new DefaultHttp2Headers();
        h2.status("407").add("proxy-status", "gw; error=proxy_auth_required");

        assertThat(RefusalReason.of(h2, body("ignored"), null)).isEqualTo("proxy_auth_required");
    }

    @Test
    void anHtmlBodyGivesItsTitleWithCharacterReferencesResolved() {
        assertThat(RefusalReason.of(headers("Content-Type", "text/html"), body(SQUID_PAGE), null))
                .isEqualTo("ERROR: Cache Access Denied");
        assertThat(RefusalReason.of(headers(), body("<html><TITLE lang=en>\n  Quota &amp; limits &#8212; &#x41;"
                + "\n</TITLE></html>"), null)).isEqualTo("Quota & limits \u2014 A");
    }

    @Test
    void anHtmlBodyWithoutATitleGivesItsFirstLineOfText() {
        assertThat(RefusalReason.of(headers("Content-Type", "text/html; charset=utf-8"),
                body("<html><style>p {}</style><body>\n<p>Access denied</p><p>by policy</p></body></html>"), null))
                .isEqualTo("Access denied");
    }

    @Test
    void aTextBodyGivesItsFirstNonBlankLine() {
        String lab = "\r\n  \nthe lab's exits have no state or city; drop the state from the proxy credentials"
                + " (country and ASN are honoured)\nsecond line\n";

        assertThat(RefusalReason.of(headers("Content-Type", "text/plain; charset=utf-8"), body(lab), null))
                .isEqualTo("the lab's exits have no state or city; drop the state from the proxy credentials"
                        + " (country and ASN are honoured)");
    }

    @Test
    void nothingToSayIsNull() {
        assertThat(RefusalReason.of(headers("Content-Length", "0"), null, null)).isNull();
        assertThat(RefusalReason.of(headers("X-Proxy-Error", " \t "), body(" \n\r\n"), null)).isNull();
        assertThat(RefusalReason.of(headers(), body("<html><title> </title></html>"), null)).isNull();
    }

    @Test
    void theReasonIsOneLineWithoutControlCharactersAndAtMost160Characters() {
        String reason = RefusalReason.of(headers("X-Proxy-Error", "a\u0000b\u001b[31mc\u200bd\u00a0 \u2003e"), null,
                null);
        assertThat(reason).isEqualTo("a b [31mc d e");

        String cut = RefusalReason.of(headers(), body("word\t ".repeat(100)), null);
        assertThat(cut).hasSize(RefusalReason.MAX_CHARS).startsWith("word word ").endsWith("wo" + RefusalReason.CUT);
    }

    @Test
    void theCredentialsSentAreMaskedWhereverTheProxyEchoesThem() {
        ProxyCredentials alice = new ProxyCredentials("alice-zone-res", "s3cret_session-9");
        String token = alice.basicToken();

        assertThat(RefusalReason.of(headers("X-Proxy-Error", "bad password s3cret_session-9 for alice-zone-res"),
                null, alice)).isEqualTo("bad password **** for ****");
        assertThat(RefusalReason.of(headers("Proxy-Status", "gw; error=http_request_denied; details=\"Basic "
                + token + "\""), null, alice)).isEqualTo("http_request_denied: Basic ****");
        assertThat(RefusalReason.of(headers(), body("<title>user alice-zone-res &#115;3cret_session-9</title>"),
                alice)).as("masked again once references are resolved").isEqualTo("user **** ****");
    }

    @Test
    void aCredentialThatContainsAnotherIsMaskedWhole() {
        ProxyCredentials c = new ProxyCredentials("customer-acct-sessid-abc", "abc");

        assertThat(RefusalReason.of(headers("X-Proxy-Error", "no session customer-acct-sessid-abc"), null, c))
                .isEqualTo("no session ****");
    }

    @Test
    void aSecretCutShortAtTheBodyLimitIsNotShown() {
        String password = "Zq7secretPasswordThatIsLong";
        // Blank lines, then a short line whose password the 4 KiB limit cuts after its tenth character.
        BodyPrefix cut = body("\n".repeat(BodyPrefix.MAX_BYTES - 50) + "y".repeat(40) + password + " and more");

        String reason = RefusalReason.of(headers("Content-Type", "text/plain"), cut, new ProxyCredentials("u",
                password));
        assertThat(cut.full()).isTrue();
        assertThat(reason).startsWith("yyy").doesNotContain(password.substring(0, 3));
    }

    @Test
    void oneOrTwoLetterCredentialsAreNotMasked() {
        assertThat(RefusalReason.of(headers("X-Proxy-Error", "user u has no plan"), null,
                new ProxyCredentials("u", "p"))).isEqualTo("user u has no plan");
    }
}
