package io.proxybench.harness.fetch;

import io.proxybench.analysis.read.FileReading;
import io.proxybench.client.CallException;
import io.proxybench.client.Headers;
import io.proxybench.client.ProxyClient;
import io.proxybench.client.ProxyResponse;
import io.proxybench.client.ResponseStream;
import io.proxybench.client.proxy.ProxySelection;
import io.proxybench.client.proxy.SessionRouter;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Runs one {@link FetchPlan}: a client of its own, the request streamed, the body copied to its output as it arrives
 * (never whole in memory), the cookies saved. Every way it can end is a {@link FetchOutcome}; nothing is left
 * behind: no part file, no connection, no thread. One {@code Fetch} runs once (its timer is the call's).
 */
public final class Fetch {

    /**
     * A body decoding to more than this many times its encoded size (past its first MiB) is taken for a bomb: the
     * client's default ratio; the decoded size itself is not capped (a download may be large).
     */
    private static final int BOMB_RATIO = 1_000;
    /** How long a failed body read waits for the call to say why; it has failed by then, so this is a bound only. */
    private static final long FAILURE_WAIT_SECONDS = 10;

    private final FetchPlan plan;
    private final OutputStream stdout;
    private final FetchTimer timer;

    /**
     * @param plan what to fetch
     * @param stdout where the body goes without {@code -o}; left open
     */
    public Fetch(FetchPlan plan, OutputStream stdout) {
        this.plan = plan;
        this.stdout = stdout;
        this.timer = new FetchTimer();
    }

    /**
     * Fetches, and saves the cookies when asked.
     *
     * @return how the fetch ended, whole or failed; a failure is in the outcome, never thrown
     * @throws InterruptedException when the thread is interrupted while the call runs
     */
    public FetchOutcome run() throws InterruptedException {
        FetchOutcome outcome;
        try (ProxyClient client = client()) {
            outcome = fetch(client);
        }
        if (plan.saveCookies() != null) {
            try {
                plan.cookies().save(plan.request().sessionKey(), plan.saveCookies());
            } catch (IOException e) {
                FetchFailure failure = FetchFailure.own(FetchFailure.WRITE_ERROR, "--cookie-jar "
                        + plan.saveCookies() + ": " + FileReading.why(e));
                return outcome.failure() != null ? outcome : with(outcome, failure);
            }
        }
        return outcome;
    }

    private ProxyClient client() {
        ProxyClient.Builder b = ProxyClient.builder().proxy(plan.proxy()).tls(plan.tls()).timeouts(plan.timeouts())
                .redirects(plan.redirects()).cookies(plan.cookies()).decompression(!plan.raw())
                .decodeLimits(Long.MAX_VALUE, BOMB_RATIO).ioThreads(1).eventListenerFactory(call -> timer);
        if (plan.proxyTls() != null) {
            b.proxyTls(plan.proxyTls());
        }
        if (plan.bypass() != null) {
            b.proxySelection(ProxySelection.of(plan.proxy()).bypassing(plan.bypass()));
        }
        if (plan.sessions() != null) {
            b.sessions(plan.sessions(), plan.request().sessionKey() != null ? SessionRouter.stickyPerKey() : null);
        }
        return b.build();
    }

    private FetchOutcome fetch(ProxyClient client) throws InterruptedException {
        ResponseStream stream;
        try {
            stream = client.stream(plan.request()).get();
        } catch (ExecutionException e) {
            return failed(0, null, 0, ReportedExit.NONE, callFailure(e.getCause()));
        }
        try (stream) {
            Headers headers = stream.headers();
            int status = stream.status();
            if (plan.failOnError() && status >= 400) {
                return failed(status, headers, 0, ReportedExit.NONE, FetchFailure.own(
                        FetchFailure.HTTP_RETURNED_ERROR, "the server answered " + status + " (-f/--fail: the body"
                                + " was not written); leave out -f to get it"));
            }
            long announced = contentLength(headers);
            if (plan.maxFilesize() > 0 && announced > plan.maxFilesize()
                    && (plan.raw() || !headers.contains("Content-Encoding"))) {
                return failed(status, headers, 0, ReportedExit.NONE, overLimit("announces " + announced));
            }
            return copy(stream, status, headers);
        }
    }

    /** Copies the body to the output as it arrives; the output is committed only when the whole body came. */
    private FetchOutcome copy(ResponseStream stream, int status, Headers headers) throws InterruptedException {
        BodyOutput output;
        try {
            output = plan.output() == null ? BodyOutput.toStream(stdout) : BodyOutput.toFile(plan.output());
        } catch (IOException e) {
            return failed(status, headers, 0, ReportedExit.NONE, cannotWrite(e));
        }
        byte[] prefix = new byte[ReportedExit.PREFIX_BYTES];
        int kept = 0;
        long written = 0;
        try (output) {
            InputStream body = stream.body();
            OutputStream out = output.stream();
            byte[] buffer = new byte[64 * 1024];
            while (true) {
                int n;
                try {
                    n = body.read(buffer);
                } catch (IOException e) {
                    return failed(status, headers, written, ReportedExit.of(prefix, kept), readFailure(stream, e));
                }
                if (n < 0) {
                    break;
                }
                if (plan.maxFilesize() > 0 && written + n > plan.maxFilesize()) {
                    return failed(status, headers, written, ReportedExit.of(prefix, kept),
                            overLimit("goes past " + plan.maxFilesize()));
                }
                int copied = Math.min(n, prefix.length - kept);
                System.arraycopy(buffer, 0, prefix, kept, copied);
                kept += copied;
                try {
                    out.write(buffer, 0, n);
                } catch (IOException e) {
                    return failed(status, headers, written, ReportedExit.of(prefix, kept), cannotWrite(e));
                }
                written += n;
            }
            ProxyResponse response;
            try {
                response = stream.completion().get();
            } catch (ExecutionException e) {
                return failed(status, headers, written, ReportedExit.of(prefix, kept), callFailure(e.getCause()));
            }
            try {
                output.commit();
            } catch (IOException e) {
                return failed(status, headers, written, ReportedExit.of(prefix, kept), cannotWrite(e));
            }
            timer.finish();
            return new FetchOutcome(plan.request().uri(), plan.request().method(), timer, status, headers, response,
                    written, undecoded(headers, response), ReportedExit.of(prefix, kept), plan.output(), null);
        }
    }

    /**
     * Whether a body the client would have decoded (no {@code --raw}, no {@code Accept-Encoding} of the request's own)
     * came in a coding it does not decode, and was written as received.
     */
    private boolean undecoded(Headers headers, ProxyResponse response) {
        String coding = headers.get("Content-Encoding");
        return !plan.raw() && response.bodyBytes() > 0 && response.decodedBytes() < 0 && coding != null
                && !coding.isBlank() && !"identity".equalsIgnoreCase(coding.trim())
                && !plan.request().headers().contains("Accept-Encoding");
    }

    /** Why the body could not be read: the call's failure, as the completion tells it. */
    private FetchFailure readFailure(ResponseStream stream, IOException e) throws InterruptedException {
        try {
            stream.completion().get(FAILURE_WAIT_SECONDS, TimeUnit.SECONDS);
        } catch (ExecutionException failed) {
            return callFailure(failed.getCause());
        } catch (TimeoutException stillRunning) {
            // The body failed but the call did not say so: the read's own words below.
        }
        return FetchFailure.own(FetchFailure.RECV_ERROR, "receiving the body failed: "
                + FileReading.failure(e) + "; try again");
    }

    private FetchFailure callFailure(Throwable cause) {
        if (cause instanceof CallException e) {
            return FetchFailure.of(e, new FetchFailure.Context(plan.proxy(), plan.accountFrom(),
                    plan.request().uri(), plan.maxRedirs(), timer.lookedUp()));
        }
        return FetchFailure.own(FetchFailure.RECV_ERROR, "the fetch failed: " + FileReading.failure(
                cause instanceof Exception ex ? ex : new IllegalStateException(cause)));
    }

    private FetchFailure overLimit(String what) {
        return FetchFailure.own(FetchFailure.FILESIZE_EXCEEDED, "the body " + what + " bytes, over --max-filesize "
                + plan.maxFilesize() + " (nothing was kept); raise --max-filesize");
    }

    private FetchFailure cannotWrite(IOException e) {
        return FetchFailure.own(FetchFailure.WRITE_ERROR, "cannot write the body to " + (plan.output() == null
                ? "stdout" : plan.output()) + ": " + FileReading.why(e));
    }

    /** The announced body length, or -1 when none (or not a number). */
    private static long contentLength(Headers headers) {
        String value = headers.get("Content-Length");
        try {
            return value == null ? -1 : Long.parseLong(value.strip());
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    private FetchOutcome failed(int status, Headers headers, long written, ReportedExit exit,
            FetchFailure failure) {
        timer.finish();
        return new FetchOutcome(plan.request().uri(), plan.request().method(), timer, status, headers, null, written,
                false, exit, plan.output(), failure);
    }

    private static FetchOutcome with(FetchOutcome o, FetchFailure failure) {
        return new FetchOutcome(o.url(), o.method(), o.timer(), o.status(), o.headers(), o.response(), o.written(),
                o.undecoded(), o.exit(), o.file(), failure);
    }
}
