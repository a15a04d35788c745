package io.proxybench.client.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A throwaway CA and the certificates it signs, made with the {@code openssl} CLI in a folder of the caller's (P-256
 * keys, two days' validity): server certificates for given names, client certificates in a PKCS12 store. A missing
 * {@code openssl} skips the test (fails it under {@code CI=true}) as {@link ExternalPeer} does.
 */
public final class TestPki {

    private static final int OPENSSL_TIMEOUT_SECONDS = 30;

    private final Path folder;
    /** Every file's name starts with it and a dash. */
    private final String name;
    private final Path openssl;

    private TestPki(Path folder, String name, Path openssl) {
        this.folder = folder;
        this.name = name;
        this.openssl = openssl;
    }

    /** A new CA named {@code name} whose files are {@code folder/name-ca.pem} and {@code folder/name-ca.key}. */
    public static TestPki create(Path folder, String name) {
        TestPki pki = new TestPki(folder, name, ExternalPeer.require("openssl", "openssl"));
        pki.run("req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes",
                "-keyout", pki.file("ca.key").toString(), "-out", pki.file("ca.pem").toString(), "-days", "2",
                "-subj", "/CN=proxybench test CA " + name, "-addext", "basicConstraints=critical,CA:TRUE",
                "-addext", "keyUsage=critical,keyCertSign,cRLSign");
        return pki;
    }

    /** The CA certificate, PEM. */
    public Path caFile() {
        return file("ca.pem");
    }

    /**
     * A server certificate for {@code sans} (e.g. {@code DNS:localhost}, {@code IP:127.0.0.1}) signed by the CA.
     *
     * @return the PEM files: the chain (leaf, then the CA) and the key
     */
    public Leaf server(String name, String... sans) {
        return leaf(name, "serverAuth", String.join(",", sans));
    }

    /** A client certificate with common name {@code name} signed by the CA; {@link #pkcs12} stores it. */
    public Leaf client(String name) {
        return leaf(name, "clientAuth", null);
    }

    /** A PKCS12 store of {@code leaf}'s key and chain, protected by {@code password}. */
    public Path pkcs12(Leaf leaf, String password) {
        Path store = file(leaf.name() + ".p12");
        run("pkcs12", "-export", "-inkey", leaf.key().toString(), "-in", leaf.chain().toString(),
                "-out", store.toString(), "-passout", "pass:" + password);
        return store;
    }

    /** curl's {@code --pinnedpubkey} pin of the first certificate in {@code pem}: {@code sha256//BASE64}. */
    public static String pin(Path pem) {
        try (InputStream in = Files.newInputStream(pem)) {
            X509Certificate certificate = (X509Certificate) CertificateFactory.getInstance("X.509")
                    .generateCertificate(in);
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(certificate.getPublicKey().getEncoded());
            return "sha256//" + Base64.getEncoder().encodeToString(digest);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (CertificateException | NoSuchAlgorithmException e) {
            throw new IllegalStateException("cannot pin " + pem, e);
        }
    }

    /**
     * A certificate the CA signed.
     *
     * @param certificate the leaf alone, PEM
     * @param chain the leaf then the CA, PEM
     * @param key its private key, PEM
     */
    public record Leaf(String name, Path certificate, Path chain, Path key) {}

    private Leaf leaf(String leafName, String usage, String sans) {
        Path key = file(leafName + ".key");
        Path csr = file(leafName + ".csr");
        Path certificate = file(leafName + ".pem");
        Path extensions = file(leafName + ".ext");
        run("req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout", key.toString(),
                "-out", csr.toString(), "-subj", "/CN=" + leafName);
        try {
            Files.writeString(extensions, "extendedKeyUsage=" + usage + "\n"
                    + (sans == null ? "" : "subjectAltName=" + sans + "\n"), StandardCharsets.UTF_8);
            run("x509", "-req", "-in", csr.toString(), "-CA", caFile().toString(), "-CAkey", file("ca.key").toString(),
                    "-CAcreateserial", "-out", certificate.toString(), "-days", "2", "-extfile", extensions.toString());
            Path chain = file(leafName + "-chain.pem");
            Files.writeString(chain, Files.readString(certificate) + Files.readString(caFile()));
            return new Leaf(leafName, certificate, chain, key);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private Path file(String suffix) {
        return folder.resolve(name + "-" + suffix);
    }

    private void run(String... arguments) {
        List<String> command = new ArrayList<>(List.of(openssl.toString()));
        command.addAll(List.of(arguments));
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!process.waitFor(OPENSSL_TIMEOUT_SECONDS, TimeUnit.SECONDS) || process.exitValue() != 0) {
                process.destroyForcibly();
                throw new AssertionError(String.join(" ", command) + " failed:\n" + output);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted running openssl", e);
        }
    }
}
