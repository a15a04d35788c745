package io.proxybench.recorder.jdk;

import io.proxybench.recorder.core.Recorder;
import java.security.KeyManagementException;
import java.security.SecureRandom;
import javax.net.ssl.KeyManager;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLContextSpi;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLServerSocketFactory;
import javax.net.ssl.SSLSessionContext;
import javax.net.ssl.SSLSocketFactory;

/**
 * The user's {@link SSLContext}, whose engines are {@link TappedEngine}s: the JDK client makes one engine per TLS
 * connection, so each engine is a connection the recorder can number and time. Everything else is the user's
 * context's own.
 */
final class TappedSslContext extends SSLContext {

    TappedSslContext(SSLContext delegate, Recorder recorder) {
        super(new Spi(delegate, recorder), delegate.getProvider(), delegate.getProtocol());
    }

    private static final class Spi extends SSLContextSpi {
        private final SSLContext delegate;
        private final Recorder recorder;

        Spi(SSLContext delegate, Recorder recorder) {
            this.delegate = delegate;
            this.recorder = recorder;
        }

        @Override
        protected void engineInit(KeyManager[] km, javax.net.ssl.TrustManager[] tm, SecureRandom random)
                throws KeyManagementException {
            delegate.init(km, tm, random);
        }

        @Override
        protected SSLSocketFactory engineGetSocketFactory() {
            return delegate.getSocketFactory();
        }

        @Override
        protected SSLServerSocketFactory engineGetServerSocketFactory() {
            return delegate.getServerSocketFactory();
        }

        @Override
        protected SSLEngine engineCreateSSLEngine() {
            return new TappedEngine(delegate.createSSLEngine(), recorder);
        }

        @Override
        protected SSLEngine engineCreateSSLEngine(String host, int port) {
            return new TappedEngine(delegate.createSSLEngine(host, port), recorder);
        }

        @Override
        protected SSLSessionContext engineGetServerSessionContext() {
            return delegate.getServerSessionContext();
        }

        @Override
        protected SSLSessionContext engineGetClientSessionContext() {
            return delegate.getClientSessionContext();
        }

        @Override
        protected SSLParameters engineGetDefaultSSLParameters() {
            return delegate.getDefaultSSLParameters();
        }

        @Override
        protected SSLParameters engineGetSupportedSSLParameters() {
            return delegate.getSupportedSSLParameters();
        }
    }
}
