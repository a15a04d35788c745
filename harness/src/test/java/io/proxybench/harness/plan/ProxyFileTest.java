package io.proxybench.harness.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.proxybench.client.proxy.ProxySpec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProxyFileTest {

    @TempDir
    Path dir;

    @Test
    void readsOneProxyPerLineSkippingBlanksAndComments() throws Exception {
        Path file = Files.writeString(dir.resolve("proxies.txt"),
                "# pool a\nhttp://u:p@127.0.0.1:3128\n\n  socks5://127.0.0.2:1080  \n");
        List<ProxySpec> proxies = ProxyFile.read(file);
        assertEquals(2, proxies.size());
        assertEquals("127.0.0.2", proxies.get(1).host());
        assertEquals(1080, proxies.get(1).port());
    }

    @Test
    void aBadLineIsNamedByFileAndLineWithItsPasswordMasked() throws Exception {
        Path file = Files.writeString(dir.resolve("proxies.txt"), "http://127.0.0.1:3128\nftp://u:secret9@h:21\n");
        String message = assertThrows(IllegalArgumentException.class, () -> ProxyFile.read(file)).getMessage();
        assertTrue(message.startsWith(file + ":2: "), message);
        assertFalse(message.contains("secret9"), message);
    }

    @Test
    void anEmptyOrMissingFileIsRefusedByName() throws Exception {
        Path empty = Files.writeString(dir.resolve("empty.txt"), "# nothing yet\n");
        assertEquals("--proxy-file " + empty + " has no proxy URLs",
                assertThrows(IllegalArgumentException.class, () -> ProxyFile.read(empty)).getMessage());
        Path missing = dir.resolve("missing.txt");
        assertTrue(assertThrows(IllegalArgumentException.class, () -> ProxyFile.read(missing)).getMessage()
                .startsWith("cannot read --proxy-file " + missing + ": "));
    }
}
