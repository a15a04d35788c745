package io.proxybench.client.cookie;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Jars by session key: one identity per session unless shared, and a jar per key to load and save. */
class CookieJarsTest {

    private static final URI SITE = URI.create("https://www.example.com/account");

    @TempDir
    Path dir;

    @Test
    void aCookieSetThroughOneSessionIsNeverSentThroughAnother() {
        CookieJars jars = CookieJars.perSession();

        jars.forSession("A").store(SITE, List.of("id=alice; Domain=example.com; Path=/"));

        assertThat(jars.forSession("A").cookieHeader(SITE)).hasValue("id=alice");
        assertThat(jars.forSession("B").cookieHeader(SITE)).isEmpty();
        assertThat(jars.forSession(null).cookieHeader(SITE)).as("requests without a session").isEmpty();
    }

    @Test
    void requestsWithoutASessionHaveAJarOfTheirOwn() {
        CookieJars jars = CookieJars.perSession();

        jars.forSession(null).store(SITE, List.of("anon=1; Path=/"));

        assertThat(jars.forSession(null).cookieHeader(SITE)).hasValue("anon=1");
        assertThat(jars.forSession("A").cookieHeader(SITE)).isEmpty();
        assertThat(jars.forSession("A")).isSameAs(jars.forSession("A")).isNotSameAs(jars.forSession("B"));
    }

    @Test
    void sharedJarsSendEverySessionsCookiesThroughEveryOther() {
        CookieJars jars = CookieJars.shared();

        jars.forSession("A").store(SITE, List.of("id=alice; Path=/"));

        assertThat(jars.forSession("B").cookieHeader(SITE)).hasValue("id=alice");
        assertThat(jars.forSession(null).cookieHeader(SITE)).hasValue("id=alice");
        assertThat(jars.forSession("B")).isSameAs(jars.forSession("A"));
    }

    @Test
    void unparseableValuesAreCountedAcrossAllJars() {
        CookieJars jars = CookieJars.perSession();

        jars.forSession("A").store(SITE, List.of("no-equals-sign", "ok=1"));
        jars.forSession("B").store(SITE, List.of("=empty-name"));
        jars.forSession(null).store(SITE, List.of("bad\u0001=1"));

        assertThat(jars.unparseableCount()).isEqualTo(3);
        assertThat(jars.forSession("A").cookieHeader(SITE)).hasValue("ok=1");
    }

    @Test
    void aSessionsJarSavesToAFileThatLoadsIntoAnotherKeysJar() throws IOException {
        CookieJars jars = CookieJars.perSession();
        jars.forSession("A").store(SITE, List.of("id=alice; Path=/; Secure; HttpOnly", "pref=dark; Max-Age=3600"));
        Path file = dir.resolve("alice.txt");

        jars.save("A", file);
        int loaded = jars.load("C", file);

        assertThat(loaded).isEqualTo(2);
        assertThat(jars.forSession("C").cookiesFor(SITE)).containsExactlyElementsOf(jars.forSession("A")
                .cookiesFor(SITE));
        assertThat(jars.forSession("B").cookieHeader(SITE)).isEmpty();
    }

    @Test
    void aFileThatDoesNotParseLeavesTheJarUnchanged() throws IOException {
        CookieJars jars = CookieJars.perSession();
        Path file = dir.resolve("broken.txt");
        Files.writeString(file, "www.example.com\tFALSE\t/\tFALSE\t0\tgood\t1\nwww.example.com FALSE / FALSE 0 bad 2\n");

        assertThatThrownBy(() -> jars.load("A", file)).isInstanceOf(IOException.class)
                .hasMessageStartingWith(file + " line 2: found 1 tab-separated field, expected 7");
        assertThat(jars.forSession("A").cookieHeader(SITE)).isEmpty();
    }

    @Test
    void expiredCookiesOfAFileAreLeftOut() throws IOException {
        CookieJars jars = CookieJars.perSession();
        Path file = dir.resolve("old.txt");
        Files.writeString(file, "www.example.com\tFALSE\t/\tFALSE\t1000\told\t1\n"
                + "www.example.com\tFALSE\t/\tFALSE\t0\tsession\t2\n");

        assertThat(jars.load("A", file)).isEqualTo(2);
        assertThat(jars.forSession("A").cookieHeader(SITE)).hasValue("session=2");
    }

    @Test
    void sessionsOnManyThreadsKeepTheirOwnCookies() throws Exception {
        CookieJars jars = CookieJars.perSession();
        int sessions = 8;
        int cookiesEach = 150; // under the cap of 180 per domain
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int s = 0; s < sessions; s++) {
                String key = "s" + s;
                done.add(pool.submit(() -> {
                    for (int i = 0; i < cookiesEach; i++) {
                        jars.forSession(key).store(SITE, List.of("c" + i + "=" + key + "; Path=/"));
                        jars.forSession(key).cookiesFor(SITE);
                    }
                }));
            }
            for (Future<?> f : done) {
                f.get();
            }
        } finally {
            pool.shutdownNow();
        }

        for (int s = 0; s < sessions; s++) {
            List<Cookie> cookies = jars.forSession("s" + s).cookiesFor(SITE);
            assertThat(cookies).hasSize(cookiesEach).extracting(Cookie::value).containsOnly("s" + s);
        }
    }
}
