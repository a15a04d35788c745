package io.proxybench.recorder.labcheck;

import io.proxybench.lab.Lab;
import io.proxybench.lab.LabConfig;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.file.Files;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509TrustManager;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A lab whose gateway asks for the account {@value #USER}:{@value #PASSWORD}, started for a test class
 * ({@code @RegisterExtension static final RecorderLab lab = new RecorderLab();}). The password is one no record field
 * could hold by chance, so a test can look for it in a file.
 */
public final class RecorderLab implements BeforeAllCallback, AfterAllCallback {

    /** The account's user name, without session parameters. */
    public static final String USER = "lab";
    /** The account's password. */
    public static final String PASSWORD = "pw-7Qx9vT2k";

    private Lab lab;
    private Trust trust;

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        lab = Lab.start(LabConfig.builder().auth(USER, PASSWORD).build());
        trust = Trust.of(lab);
    }

    @Override
    public void afterAll(ExtensionContext context) {
        if (lab != null) {
            lab.close();
        }
    }

    /** The running lab. */
    public Lab lab() {
        return lab;
    }

    /** The lab target's trace over HTTPS: reached through a CONNECT tunnel. */
    public URI trace() {
        return URI.create("https://" + lab.host() + ":" + lab.targetHttpsPort() + "/cdn-cgi/trace");
    }

    /** Trust in the lab CA only. */
    public Trust trust() {
        return trust;
    }

    /** The user name that asks the gateway for sticky session {@code session}; the plain user for null. */
    public static String user(String session) {
        return session == null ? USER : USER + "_session-" + session;
    }

    /** JSSE trust of the lab CA, for the clients under test. */
    public record Trust(SSLContext context, X509TrustManager manager) {

        static Trust of(Lab lab) throws IOException, GeneralSecurityException {
            KeyStore store = KeyStore.getInstance(KeyStore.getDefaultType());
            store.load(null, null);
            try (InputStream in = Files.newInputStream(lab.caFile())) {
                store.setCertificateEntry("lab-ca", CertificateFactory.getInstance("X.509").generateCertificate(in));
            }
            TrustManagerFactory factory = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            factory.init(store);
            X509TrustManager manager = null;
            for (TrustManager m : factory.getTrustManagers()) {
                if (m instanceof X509TrustManager x) {
                    manager = x;
                }
            }
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(null, new TrustManager[] {manager}, null);
            return new Trust(context, manager);
        }
    }
}
