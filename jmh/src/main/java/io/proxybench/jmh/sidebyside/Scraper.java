package io.proxybench.jmh.sidebyside;

import java.util.concurrent.CompletableFuture;

/**
 * One client doing the scraper workload of {@code bench/scraper-vs-okhttp.sh}: a GET of the lab target's
 * {@code /login?to=/page/N} through the lab's gateway in a sticky session, following the 302 with the session's
 * cookie, the page decoded from gzip. Each session has its own exit and its own cookies.
 */
interface Scraper extends AutoCloseable {

    /**
     * Fetches the page in session {@code session}.
     *
     * @return completes with the decoded page's length in bytes, or fails as the call did
     */
    CompletableFuture<Integer> fetch(int session);
}
