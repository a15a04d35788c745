package io.proxybench.lab.pki;

import java.security.PrivateKey;
import java.security.cert.X509Certificate;

/** A server's private key and certificate, with the CA certificate that signed it (the chain to send). */
public record ServerIdentity(PrivateKey key, X509Certificate certificate, X509Certificate issuer) {

    /** The chain a server sends: leaf first, then the CA. */
    public X509Certificate[] chain() {
        return new X509Certificate[] {certificate, issuer};
    }
}
