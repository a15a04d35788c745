package io.proxybench.recorder.jdk;

import java.security.Principal;
import java.security.cert.Certificate;
import java.util.List;
import javax.net.ssl.ExtendedSSLSession;
import javax.net.ssl.SNIServerName;
import javax.net.ssl.SSLPeerUnverifiedException;
import javax.net.ssl.SSLSession;
import javax.net.ssl.SSLSessionContext;

/**
 * A connection's TLS session as its engine reports it, that also answers {@link #getValue} for {@link #KEY} with
 * the connection's {@link ConnectionTap}: the JDK client hands each response a read-only copy of its connection's
 * session ({@code HttpResponse.sslSession()}) that passes {@code getValue} through. A tap per engine, not per
 * session: resumed sessions may be shared by several connections. Everything else is the real session's.
 */
final class TappedSession extends ExtendedSSLSession {

    /** The session value name under which the connection's tap is found. */
    static final String KEY = "io.proxybench.recorder.jdk.connection";

    private final SSLSession delegate;
    private final ConnectionTap tap;

    TappedSession(SSLSession delegate, ConnectionTap tap) {
        this.delegate = delegate;
        this.tap = tap;
    }

    @Override
    public Object getValue(String name) {
        return KEY.equals(name) ? tap : delegate.getValue(name);
    }

    @Override
    public String[] getLocalSupportedSignatureAlgorithms() {
        return delegate instanceof ExtendedSSLSession e ? e.getLocalSupportedSignatureAlgorithms() : new String[0];
    }

    @Override
    public String[] getPeerSupportedSignatureAlgorithms() {
        return delegate instanceof ExtendedSSLSession e ? e.getPeerSupportedSignatureAlgorithms() : new String[0];
    }

    @Override
    public List<SNIServerName> getRequestedServerNames() {
        return delegate instanceof ExtendedSSLSession e ? e.getRequestedServerNames() : List.of();
    }

    @Override
    public List<byte[]> getStatusResponses() {
        return delegate instanceof ExtendedSSLSession e ? e.getStatusResponses() : List.of();
    }

    @Override
    public byte[] getId() {
        return delegate.getId();
    }

    @Override
    public SSLSessionContext getSessionContext() {
        return delegate.getSessionContext();
    }

    @Override
    public long getCreationTime() {
        return delegate.getCreationTime();
    }

    @Override
    public long getLastAccessedTime() {
        return delegate.getLastAccessedTime();
    }

    @Override
    public void invalidate() {
        delegate.invalidate();
    }

    @Override
    public boolean isValid() {
        return delegate.isValid();
    }

    @Override
    public void putValue(String name, Object value) {
        delegate.putValue(name, value);
    }

    @Override
    public void removeValue(String name) {
        delegate.removeValue(name);
    }

    @Override
    public String[] getValueNames() {
        return delegate.getValueNames();
    }

    @Override
    public Certificate[] getPeerCertificates() throws SSLPeerUnverifiedException {
        return delegate.getPeerCertificates();
    }

    @Override
    public Certificate[] getLocalCertificates() {
        return delegate.getLocalCertificates();
    }

    @Override
    public Principal getPeerPrincipal() throws SSLPeerUnverifiedException {
        return delegate.getPeerPrincipal();
    }

    @Override
    public Principal getLocalPrincipal() {
        return delegate.getLocalPrincipal();
    }

    @Override
    public String getCipherSuite() {
        return delegate.getCipherSuite();
    }

    @Override
    public String getProtocol() {
        return delegate.getProtocol();
    }

    @Override
    public String getPeerHost() {
        return delegate.getPeerHost();
    }

    @Override
    public int getPeerPort() {
        return delegate.getPeerPort();
    }

    @Override
    public int getPacketBufferSize() {
        return delegate.getPacketBufferSize();
    }

    @Override
    public int getApplicationBufferSize() {
        return delegate.getApplicationBufferSize();
    }
}
