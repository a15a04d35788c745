package io.proxybench.lab.pki;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The lab CA's private key is readable by its owner only; its certificate, which clients trust, by anyone. */
class LabCaFilesTest {

    @TempDir
    Path home;

    @Test
    void theKeyIsOwnerOnlyAndTheCertificateWorldReadable() throws Exception {
        assumeTrue(FileSystems.getDefault().supportedFileAttributeViews().contains("posix"),
                "file permissions are POSIX only; elsewhere the folder's permissions protect the key");
        Path dir = home.resolve("lab-ca");
        LabCa.loadOrCreate(dir);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(dir.resolve(LabCa.KEY_FILE))))
                .isEqualTo("rw-------");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(dir.resolve(LabCa.CERT_FILE))))
                .isEqualTo("rw-r--r--");
        LabCa.loadOrCreate(dir);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(dir.resolve(LabCa.KEY_FILE))))
                .as("loading the kept CA leaves the key as it was").isEqualTo("rw-------");
    }
}
