package io.proxybench.jmh.sidebyside;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509TrustManager;

/** The JDK's TLS trust for the side-by-side clients: the lab's CA, a PEM file, and nothing else. */
final class CaTrust {

    private CaTrust() {}

    /** The trust manager of the JDK's default algorithm, trusting only the PEM certificate in {@code caFile}. */
    static X509TrustManager manager(Path caFile) throws IOException, GeneralSecurityException {
        KeyStore store = KeyStore.getInstance(KeyStore.getDefaultType());
        store.load(null, null);
        try (InputStream pem = Files.newInputStream(caFile)) {
            store.setCertificateEntry("ca", CertificateFactory.getInstance("X.509").generateCertificate(pem));
        }
        TrustManagerFactory factory = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        factory.init(store);
        return (X509TrustManager) factory.getTrustManagers()[0];
    }

    /** A TLS context trusting only the PEM certificate in {@code caFile}. */
    static SSLContext context(Path caFile) throws IOException, GeneralSecurityException {
        SSLContext tls = SSLContext.getInstance("TLS");
        tls.init(null, new X509TrustManager[] {manager(caFile)}, null);
        return tls;
    }
}
