package io.proxybench.lab.interop.peers;

import io.proxybench.lab.pki.LabCa;
import io.proxybench.lab.pki.ServerIdentity;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.cert.X509Certificate;
import java.util.List;
import org.bouncycastle.openssl.jcajce.JcaPEMWriter;
import org.bouncycastle.openssl.jcajce.JcaPKCS8Generator;

/**
 * A server key and certificate chain for {@code localhost} and {@code 127.0.0.1}, issued by the lab CA and written
 * as PEM files (the key PKCS#8, readable by its owner only) for a peer's TLS listener.
 *
 * @param key the private key file
 * @param chain the leaf certificate followed by the CA certificate
 */
record ServerPem(Path key, Path chain) {

    /** Issues an identity from {@code ca} and writes it as {@code server-key.pem} and {@code server-chain.pem}. */
    static ServerPem write(LabCa ca, Path folder) {
        ServerIdentity identity = ca.issueServer(List.of("localhost"), List.of("127.0.0.1"));
        Path key = folder.resolve("server-key.pem");
        Path chain = folder.resolve("server-chain.pem");
        try {
            Files.writeString(key, pem(new JcaPKCS8Generator(identity.key(), null)), StandardCharsets.UTF_8);
            Files.setPosixFilePermissions(key, PosixFilePermissions.fromString("rw-------"));
            StringBuilder certs = new StringBuilder();
            for (X509Certificate certificate : identity.chain()) {
                certs.append(pem(certificate));
            }
            Files.writeString(chain, certs, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write a server key and certificate in " + folder, e);
        }
        return new ServerPem(key, chain);
    }

    private static String pem(Object value) throws IOException {
        StringWriter out = new StringWriter();
        try (JcaPEMWriter writer = new JcaPEMWriter(out)) {
            if (value instanceof JcaPKCS8Generator generator) {
                writer.writeObject(generator);
            } else {
                writer.writeObject(value);
            }
        }
        return out.toString();
    }
}
