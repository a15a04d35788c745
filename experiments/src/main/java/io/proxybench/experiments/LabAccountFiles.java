package io.proxybench.experiments;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * The lab's {@code --auth} account in two files that only its user may read ({@code 0600}, in a {@code 0700}
 * folder), so that the curl and run lines the lab prints work as pasted without the password in them, in the
 * process list or in the shell's history: a curl config ({@code curl -K FILE}: {@code proxy-user}) and a proxy
 * file ({@code run --proxy-file FILE}: the gateway's {@code http://} URL with the account, percent-encoded). They are
 * named by the gateway's port, so labs that share a home keep their own, and deleted by {@link #close()}, when the
 * lab stops (a lab killed outright leaves them behind, still owner-only, until a lab on that port replaces them).
 *
 * @param curlConfig the file for {@code curl -K}
 * @param proxyFile the file for {@code proxybench run --proxy-file}
 */
public record LabAccountFiles(Path curlConfig, Path proxyFile) implements AutoCloseable {

    /** The folder in the lab's home that holds them. */
    static final String FOLDER = "lab-auth";

    /**
     * Writes the files for the gateway at {@code host:port} and the account {@code user:password} into
     * {@code home/lab-auth/}, replacing any an earlier lab on that port left.
     */
    public static LabAccountFiles write(Path home, String host, int port, String user, String password)
            throws IOException {
        Path folder = home.resolve(FOLDER);
        if (!Files.isDirectory(folder)) {
            Files.createDirectories(folder, PosixFilePermissions.asFileAttribute(
                    PosixFilePermissions.fromString("rwx------")));
        }
        LabAccountFiles files = new LabAccountFiles(folder.resolve("gateway-" + port + ".curlrc"),
                folder.resolve("gateway-" + port + ".proxies"));
        ownerOnly(files.curlConfig(), "# proxybench lab at " + host + ":" + port + ": its --auth account, for curl -K;"
                + " deleted when the lab stops\nproxy-user = \"" + curlQuoted(user + ":" + password) + "\"\n");
        ownerOnly(files.proxyFile(), "# proxybench lab at " + host + ":" + port + ": its gateway with the --auth"
                + " account, for run --proxy-file; deleted when the lab stops\nhttp://" + percentEncoded(user) + ":"
                + percentEncoded(password) + "@" + host + ":" + port + "\n");
        return files;
    }

    /** Deletes both files; again after the first time, nothing. */
    @Override
    public void close() throws IOException {
        Files.deleteIfExists(curlConfig);
        Files.deleteIfExists(proxyFile);
    }

    /** Creates {@code file} owner-only before any byte goes in, then writes {@code text}. */
    private static void ownerOnly(Path file, String text) throws IOException {
        Files.deleteIfExists(file);
        Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        Files.writeString(file, text, StandardCharsets.UTF_8);
    }

    /** {@code value} inside a curl config's double quotes, where a backslash starts an escape. */
    private static String curlQuoted(String value) {
        return value.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n").replace("\r", "\\r")
                .replace("\t", "\\t");
    }

    /** {@code value} as the user or password of a URL: every byte but RFC 3986's unreserved ones as %XX. */
    private static String percentEncoded(String value) {
        StringBuilder out = new StringBuilder();
        for (byte b : value.getBytes(StandardCharsets.UTF_8)) {
            char c = (char) (b & 0xff);
            if (c < 0x80 && (Character.isLetterOrDigit(c) || "-._~".indexOf(c) >= 0)) {
                out.append(c);
            } else {
                out.append('%').append(Character.toUpperCase(Character.forDigit(c >> 4, 16)))
                        .append(Character.toUpperCase(Character.forDigit(c & 0xf, 16)));
            }
        }
        return out.toString();
    }
}
