package io.proxybench.lab.pki;

import java.io.IOException;
import java.io.Reader;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.math.BigInteger;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.SecureRandom;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import javax.security.auth.x500.X500Principal;
import org.bouncycastle.asn1.pkcs.PrivateKeyInfo;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.ExtendedKeyUsage;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.asn1.x509.KeyPurposeId;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.bouncycastle.cert.X509CertificateHolder;
import org.bouncycastle.cert.X509v3CertificateBuilder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509ExtensionUtils;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.openssl.PEMParser;
import org.bouncycastle.openssl.jcajce.JcaPEMKeyConverter;
import org.bouncycastle.openssl.jcajce.JcaPEMWriter;
import org.bouncycastle.openssl.jcajce.JcaPKCS8Generator;
import org.bouncycastle.util.io.pem.PemObjectGenerator;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/**
 * The lab's certificate authority: an EC P-256 key and a self-signed CA certificate, generated on first use and
 * kept in a folder ({@code ca.pem}, {@code ca-key.pem}) so clients can trust the lab by file across runs.
 *
 * <p>Server certificates are issued fresh on each start and never written to disk.
 */
public final class LabCa {

    static final String CERT_FILE = "ca.pem";
    static final String KEY_FILE = "ca-key.pem";
    private static final Duration CA_VALIDITY = Duration.ofDays(3650);
    private static final Duration LEAF_VALIDITY = Duration.ofDays(30);
    private static final Duration CLOCK_SKEW = Duration.ofHours(1);

    private final Path certFile;
    private final X509Certificate certificate;
    private final PrivateKey key;
    private final SecureRandom random = new SecureRandom();

    private LabCa(Path certFile, X509Certificate certificate, PrivateKey key) {
        this.certFile = certFile;
        this.certificate = certificate;
        this.key = key;
    }

    /**
     * Loads the CA kept in {@code dir}, or creates and keeps a new one. A file lock in the folder makes a
     * concurrent first start in another process wait and then load the same CA.
     */
    public static LabCa loadOrCreate(Path dir) {
        Path cert = dir.resolve(CERT_FILE);
        Path key = dir.resolve(KEY_FILE);
        try {
            Files.createDirectories(dir);
            try (FileChannel lockFile = FileChannel.open(dir.resolve(".lock"),
                            StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                    FileLock ignored = lockFile.lock()) {
                if (Files.exists(cert) && Files.exists(key)) {
                    return load(cert, key);
                }
                KeyPair pair = newKeyPair();
                X509Certificate ca = selfSign(pair);
                writeAtomically(key, pem(new JcaPKCS8Generator(pair.getPrivate(), null)), true);
                writeAtomically(cert, pem(ca), false);
                return new LabCa(cert, ca, pair.getPrivate());
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot keep the lab CA in " + dir + ": " + e.getMessage()
                    + " (point --home or PROXYBENCH_HOME at a writable folder)", e);
        } catch (GeneralSecurityException | OperatorCreationException e) {
            throw new IllegalStateException("cannot create the lab CA: " + e.getMessage(), e);
        }
    }

    /** The PEM file of the CA certificate, for {@code curl --cacert} and client trust stores. */
    public Path certFile() {
        return certFile;
    }

    public X509Certificate certificate() {
        return certificate;
    }

    /** Issues a server certificate for the given DNS names and IP literals, signed by this CA. */
    public ServerIdentity issueServer(List<String> dnsNames, List<String> ipAddresses) {
        try {
            KeyPair pair = newKeyPair();
            Instant now = Instant.now();
            X509v3CertificateBuilder builder = new JcaX509v3CertificateBuilder(
                    certificate,
                    new BigInteger(64, random),
                    Date.from(now.minus(CLOCK_SKEW)),
                    Date.from(now.plus(LEAF_VALIDITY)),
                    new X500Principal("CN=" + dnsNames.get(0) + ", O=proxybench lab"),
                    pair.getPublic());
            JcaX509ExtensionUtils ext = new JcaX509ExtensionUtils();
            List<GeneralName> names = new ArrayList<>();
            dnsNames.forEach(n -> names.add(new GeneralName(GeneralName.dNSName, n)));
            ipAddresses.forEach(ip -> names.add(new GeneralName(GeneralName.iPAddress, ip)));
            builder.addExtension(Extension.basicConstraints, true, new BasicConstraints(false))
                    .addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.digitalSignature))
                    .addExtension(Extension.extendedKeyUsage, false,
                            new ExtendedKeyUsage(KeyPurposeId.id_kp_serverAuth))
                    .addExtension(Extension.subjectAlternativeName, false,
                            new GeneralNames(names.toArray(GeneralName[]::new)))
                    .addExtension(Extension.subjectKeyIdentifier, false,
                            ext.createSubjectKeyIdentifier(pair.getPublic()))
                    .addExtension(Extension.authorityKeyIdentifier, false,
                            ext.createAuthorityKeyIdentifier(certificate));
            X509Certificate leaf = sign(builder);
            return new ServerIdentity(pair.getPrivate(), leaf, certificate);
        } catch (GeneralSecurityException | OperatorCreationException | IOException e) {
            throw new IllegalStateException("cannot issue a lab server certificate: " + e.getMessage(), e);
        }
    }

    private X509Certificate sign(X509v3CertificateBuilder builder)
            throws OperatorCreationException, GeneralSecurityException {
        X509CertificateHolder holder = builder.build(new JcaContentSignerBuilder("SHA256withECDSA").build(key));
        return new JcaX509CertificateConverter().getCertificate(holder);
    }

    private static X509Certificate selfSign(KeyPair pair)
            throws GeneralSecurityException, OperatorCreationException, IOException {
        Instant now = Instant.now();
        X500Principal subject = new X500Principal("CN=proxybench lab CA, O=proxybench lab");
        JcaX509ExtensionUtils ext = new JcaX509ExtensionUtils();
        X509v3CertificateBuilder builder = new JcaX509v3CertificateBuilder(
                subject,
                new BigInteger(64, new SecureRandom()),
                Date.from(now.minus(CLOCK_SKEW)),
                Date.from(now.plus(CA_VALIDITY)),
                subject,
                pair.getPublic());
        builder.addExtension(Extension.basicConstraints, true, new BasicConstraints(0))
                .addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.keyCertSign | KeyUsage.cRLSign))
                .addExtension(Extension.subjectKeyIdentifier, false,
                        ext.createSubjectKeyIdentifier(pair.getPublic()));
        X509CertificateHolder holder =
                builder.build(new JcaContentSignerBuilder("SHA256withECDSA").build(pair.getPrivate()));
        return new JcaX509CertificateConverter().getCertificate(holder);
    }

    private static LabCa load(Path cert, Path key) throws IOException, GeneralSecurityException {
        X509Certificate ca;
        PrivateKey privateKey;
        try (Reader r = Files.newBufferedReader(cert); PEMParser parser = new PEMParser(r)) {
            Object o = parser.readObject();
            if (!(o instanceof X509CertificateHolder holder)) {
                throw new IOException(cert + " holds no PEM certificate; delete it to make a new lab CA");
            }
            ca = new JcaX509CertificateConverter().getCertificate(holder);
        }
        try (Reader r = Files.newBufferedReader(key); PEMParser parser = new PEMParser(r)) {
            Object o = parser.readObject();
            if (!(o instanceof PrivateKeyInfo info)) {
                throw new IOException(key + " holds no PKCS#8 private key; delete both files to make a new lab CA");
            }
            privateKey = new JcaPEMKeyConverter().getPrivateKey(info);
        }
        return new LabCa(cert, ca, privateKey);
    }

    private static KeyPair newKeyPair() throws GeneralSecurityException {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
        generator.initialize(new ECGenParameterSpec("secp256r1"));
        return generator.generateKeyPair();
    }

    private static String pem(Object value) throws IOException {
        StringWriter out = new StringWriter();
        try (JcaPEMWriter writer = new JcaPEMWriter(out)) {
            if (value instanceof PemObjectGenerator generator) {
                writer.writeObject(generator);
            } else {
                writer.writeObject(value);
            }
        }
        return out.toString();
    }

    /** Writes {@code text} to a temporary file and renames it into place, so no reader sees half a file. */
    private static void writeAtomically(Path target, String text, boolean secret) throws IOException {
        Path tmp = Files.createTempFile(target.getParent(), target.getFileName().toString(), ".tmp");
        try {
            try {
                Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString(secret ? "rw-------" : "rw-r--r--"));
            } catch (UnsupportedOperationException notPosix) {
                // The folder's own permissions protect the key.
            }
            Files.writeString(tmp, text);
            try {
                Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
    }
}
