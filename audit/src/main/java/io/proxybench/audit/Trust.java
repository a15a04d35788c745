package io.proxybench.audit;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509TrustManager;

/** The JSSE trust the audited clients share: the platform's trust store, or one CA file (the lab's). */
public record Trust(SSLContext context, X509TrustManager manager) {

    /** Trusts only the PEM or DER certificate in {@code caFile}, or the platform's trust store when it is null. */
    public static Trust of(Path caFile) throws IOException, GeneralSecurityException {
        KeyStore store = null;
        if (caFile != null) {
            store = KeyStore.getInstance(KeyStore.getDefaultType());
            store.load(null, null);
            try (InputStream in = Files.newInputStream(caFile)) {
                store.setCertificateEntry("ca", CertificateFactory.getInstance("X.509").generateCertificate(in));
            }
        }
        TrustManagerFactory factory = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        factory.init(store);
        X509TrustManager manager = null;
        for (TrustManager m : factory.getTrustManagers()) {
            if (m instanceof X509TrustManager x) {
                manager = x;
            }
        }
        if (manager == null) {
            throw new GeneralSecurityException("the platform offers no X.509 trust manager");
        }
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(null, new TrustManager[] {manager}, null);
        return new Trust(context, manager);
    }
}
