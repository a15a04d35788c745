package io.proxybench.recorder.jdk;

import io.proxybench.recorder.core.Recorder;
import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.Authenticator;
import java.net.CookieHandler;
import java.net.ProxySelector;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Function;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;

/**
 * The user's {@link HttpClient} with each {@code send} and {@code sendAsync} observed; every other method is the
 * user's client's own. Java 21's lifecycle methods ({@code shutdown}, {@code awaitTermination}, {@code close}...)
 * are passed on where the running JDK has them (this is built against Java 17, which has none).
 */
final class RecordingHttpClient extends HttpClient implements AutoCloseable {

    private final HttpClient delegate;
    private final SSLContext userContext;
    private final Recorder recorder;
    private final Function<HttpRequest, String> sessionOf;

    RecordingHttpClient(HttpClient delegate, SSLContext userContext, Recorder recorder,
            Function<HttpRequest, String> sessionOf) {
        this.delegate = delegate;
        this.userContext = userContext;
        this.recorder = recorder;
        this.sessionOf = sessionOf;
    }

    @Override
    public <T> HttpResponse<T> send(HttpRequest request, HttpResponse.BodyHandler<T> handler)
            throws IOException, InterruptedException {
        JdkCall call = new JdkCall(recorder, request, sessionOf.apply(request));
        HttpResponse<T> response;
        try {
            response = delegate.send(request, call.handler(handler));
        } catch (IOException | InterruptedException | RuntimeException e) {
            call.failed(e);
            throw e;
        }
        call.responded(response);
        return response;
    }

    @Override
    public <T> CompletableFuture<HttpResponse<T>> sendAsync(HttpRequest request,
            HttpResponse.BodyHandler<T> handler) {
        JdkCall call = new JdkCall(recorder, request, sessionOf.apply(request));
        return observed(delegate.sendAsync(request, call.handler(handler)), call);
    }

    @Override
    public <T> CompletableFuture<HttpResponse<T>> sendAsync(HttpRequest request,
            HttpResponse.BodyHandler<T> handler, HttpResponse.PushPromiseHandler<T> pushPromiseHandler) {
        JdkCall call = new JdkCall(recorder, request, sessionOf.apply(request));
        return observed(delegate.sendAsync(request, call.handler(handler), pushPromiseHandler), call);
    }

    /** The client's own future, returned as is (so that cancelling it cancels the call), observed on the side. */
    private static <T> CompletableFuture<HttpResponse<T>> observed(CompletableFuture<HttpResponse<T>> future,
            JdkCall call) {
        future.whenComplete((response, failure) -> {
            if (failure != null) {
                call.failed(failure);
            } else {
                call.responded(response);
            }
        });
        return future;
    }

    @Override
    public Optional<CookieHandler> cookieHandler() {
        return delegate.cookieHandler();
    }

    @Override
    public Optional<Duration> connectTimeout() {
        return delegate.connectTimeout();
    }

    @Override
    public Redirect followRedirects() {
        return delegate.followRedirects();
    }

    @Override
    public Optional<ProxySelector> proxy() {
        return delegate.proxy();
    }

    /** The user's context, not the one that taps it. */
    @Override
    public SSLContext sslContext() {
        return userContext;
    }

    @Override
    public SSLParameters sslParameters() {
        return delegate.sslParameters();
    }

    @Override
    public Optional<Authenticator> authenticator() {
        return delegate.authenticator();
    }

    @Override
    public Version version() {
        return delegate.version();
    }

    @Override
    public Optional<Executor> executor() {
        return delegate.executor();
    }

    @Override
    public WebSocket.Builder newWebSocketBuilder() {
        return delegate.newWebSocketBuilder();
    }

    /** Java 21's {@code shutdown()}; nothing on 17. */
    public void shutdown() {
        invoke("shutdown");
    }

    /** Java 21's {@code shutdownNow()}; nothing on 17. */
    public void shutdownNow() {
        invoke("shutdownNow");
    }

    /**
     * Java 21's {@code awaitTermination(Duration)}; on 17, true at once (there is nothing to wait for).
     *
     * @param duration the longest wait
     * @return whether the client terminated
     * @throws InterruptedException if interrupted while waiting
     */
    public boolean awaitTermination(Duration duration) throws InterruptedException {
        try {
            Object terminated = invoke("awaitTermination", duration);
            return terminated == null || (Boolean) terminated;
        } catch (IllegalStateException e) {
            if (e.getCause() instanceof InterruptedException interrupted) {
                throw interrupted;
            }
            throw e;
        }
    }

    /**
     * Java 21's {@code isTerminated()}; on 17, false.
     *
     * @return whether the client terminated
     */
    public boolean isTerminated() {
        Object terminated = invoke("isTerminated");
        return terminated != null && (Boolean) terminated;
    }

    /** Java 21's {@code close()}: the user's client's; nothing on 17, where clients close when collected. */
    @Override
    public void close() {
        invoke("close");
    }

    /** Calls the user's client's method of that name if this JDK's {@link HttpClient} has it; null if not. */
    private Object invoke(String name, Object... args) {
        Class<?>[] types = args.length == 0 ? new Class<?>[0] : new Class<?>[] {Duration.class};
        Method method;
        try {
            method = HttpClient.class.getMethod(name, types);
        } catch (NoSuchMethodException e) {
            return null;
        }
        try {
            return method.invoke(delegate, args);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException("HttpClient." + name + " is not accessible", e);
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            if (e.getCause() instanceof Error err) {
                throw err;
            }
            throw new IllegalStateException(e.getCause());
        }
    }
}
