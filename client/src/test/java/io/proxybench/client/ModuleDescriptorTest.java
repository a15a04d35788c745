package io.proxybench.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.lang.module.Configuration;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.lang.module.ResolvedModule;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * On a user's module path the client is the module {@code io.proxybench.client}: it resolves with its Netty and
 * {@code io.proxybench.net} and Guava dependencies, exports the four API packages only, and passes none of Netty's
 * modules on to its users' modules (no {@code requires transitive}).
 */
class ModuleDescriptorTest {

    @Test
    void theModuleExportsTheApiOnlyAndResolvesWithItsDependencies() throws URISyntaxException {
        Path classes = Path.of(ProxyClient.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        Path[] dependencies = Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(entry -> entry.contains("io/netty/") || entry.contains("proxybench-net")
                        || entry.contains("com/google/guava/")
                        || entry.contains("com/aayushatharva/brotli4j/") || entry.contains("com/github/luben/")
                        || entry.replace('\\', '/').endsWith("net/target/classes"))
                .map(Path::of)
                .toArray(Path[]::new);
        ModuleFinder finder = ModuleFinder.compose(ModuleFinder.of(classes), ModuleFinder.of(dependencies));

        ModuleDescriptor client = finder.find("io.proxybench.client").orElseThrow().descriptor();
        Set<String> exported = client.exports().stream().map(ModuleDescriptor.Exports::source)
                .collect(Collectors.toSet());
        assertThat(exported).containsExactlyInAnyOrder("io.proxybench.client", "io.proxybench.client.cookie",
                "io.proxybench.client.event", "io.proxybench.client.proxy");
        assertThat(client.packages()).as("the internals are in the module, not exported")
                .contains("io.proxybench.client.internal.call", "io.proxybench.client.internal.pool");

        assertThat(client.requires()).as("no Netty module is required transitively: its types are not in the API")
                .noneMatch(r -> r.name().startsWith("io.netty")
                        && r.modifiers().contains(ModuleDescriptor.Requires.Modifier.TRANSITIVE));

        Configuration resolved = ModuleLayer.boot().configuration()
                .resolve(finder, ModuleFinder.of(), Set.of("io.proxybench.client"));
        assertThat(resolved.modules().stream().map(ResolvedModule::name))
                .contains("io.proxybench.client", "io.proxybench.net", "io.netty.codec.http", "io.netty.handler.proxy",
                        "com.google.common", "com.aayushatharva.brotli4j", "com.github.luben.zstd_jni");
    }
}
