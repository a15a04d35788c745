package io.proxybench.client.internal.connect;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import javax.net.ssl.KeyManagerFactory;

/**
 * The client's certificate from a PKCS12 or JKS file, read once when a client is built. The JDK tells the two formats
 * apart by their first bytes. Errors name the file and never the password.
 */
final class ClientKeyStore {

    private ClientKeyStore() {}

    /**
     * Key managers for the key entry of {@code file}, whose store and key share {@code password}.
     *
     * @throws IllegalArgumentException when the file is missing, unreadable, not a key store, or the password is wrong
     */
    static KeyManagerFactory load(Path file, char[] password) {
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException("TLS key store " + file + " cannot be read: no such file");
        }
        KeyStore store;
        try {
            store = KeyStore.getInstance(file.toFile(), password);
        } catch (IOException | GeneralSecurityException e) {
            throw new IllegalArgumentException("TLS key store " + file + " cannot be read: wrong password or not a"
                    + " PKCS12/JKS file (" + e.getClass().getSimpleName() + ")", e);
        }
        try {
            KeyManagerFactory keys = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            keys.init(store, password);
            return keys;
        } catch (GeneralSecurityException e) {
            throw new IllegalArgumentException("TLS key store " + file + " has no key the password opens: "
                    + e.getMessage(), e);
        }
    }
}
