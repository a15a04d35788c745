package io.proxybench.lab.interop.peers;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.UserPrincipal;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;

/**
 * A real squid 5 on 127.0.0.1: HTTP forward proxy and CONNECT to any port, clients from 127.0.0.0/8, no
 * cache, optionally Basic proxy auth. Its config, logs and pid file live in a private folder, so several
 * squids can run at once. {@link #close()} stops it by PID.
 */
public final class Squid implements AutoCloseable {

    private static final String NCSA_AUTH = "/usr/lib/squid/basic_ncsa_auth";
    private static final Duration START_TIMEOUT = Duration.ofSeconds(20);
    private static final Duration LOG_WAIT = Duration.ofSeconds(5);

    private final int port;
    private final Path accessLog;
    private final PeerProcess process;

    private Squid(int port, Path accessLog, PeerProcess process) {
        this.port = port;
        this.accessLog = accessLog;
        this.process = process;
    }

    /** An open squid: any client on 127.0.0.0/8 may use it without credentials. */
    public static Squid start() {
        return launch(null, null);
    }

    /** A squid that answers 407 until the client sends Basic proxy credentials {@code user:password}. */
    public static Squid startWithBasicAuth(String user, String password) {
        return launch(user, password);
    }

    public int port() {
        return port;
    }

    /** {@code http://127.0.0.1:PORT}, for curl {@code -x} and hey {@code -x}. */
    public String url() {
        return "http://127.0.0.1:" + port;
    }

    /**
     * The access log's lines so far, one per finished transaction in squid's native format; the first is
     * usually {@code NONE_NONE/000 ... error:transaction-end-before-headers}, left by the readiness probe.
     */
    public List<String> accessLog() {
        return PeerProcess.readLines(accessLog);
    }

    /**
     * Waits up to 5 s for an access log line containing every fragment, e.g. {@code "TCP_TUNNEL/200",
     * "CONNECT 127.0.0.1:8443"}, and returns it.
     */
    public String awaitAccessLog(String... fragments) {
        return process.awaitLine(accessLog, LOG_WAIT, fragments);
    }

    /** Waits up to 5 s until {@code count} access log lines contain every fragment, and returns them. */
    public List<String> awaitAccessLog(int count, String... fragments) {
        return process.awaitLines(accessLog, count, LOG_WAIT, fragments);
    }

    @Override
    public void close() {
        process.close();
    }

    private static Squid launch(String user, String password) {
        Path squid = Peer.require("squid", "squid");
        Path folder = PeerProcess.newFolder("squid");
        int port = Peer.freePort();
        Path config = folder.resolve("squid.conf");
        Path accessLog = folder.resolve("access.log");
        Path cacheLog = folder.resolve("cache.log");
        try {
            StringBuilder text = new StringBuilder(baseConfig(folder, port, accessLog, cacheLog));
            if (user == null) {
                text.append("http_access allow loopnet\n");
            } else {
                Path htpasswd = folder.resolve("htpasswd");
                Files.writeString(htpasswd, user + ":" + apr1Hash(password) + "\n", StandardCharsets.UTF_8);
                text.append(authConfig(htpasswd));
            }
            text.append("http_access deny all\n");
            Files.writeString(config, text, StandardCharsets.UTF_8);
            if (Peer.runningAsRoot()) {
                giveToProxyUser(folder);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write squid config in " + folder, e);
        }
        PeerProcess process = PeerProcess.launch("squid", folder,
                List.of(squid.toString(), "-N", "-f", config.toString()), port, START_TIMEOUT,
                List.of(cacheLog, accessLog));
        return new Squid(port, accessLog, process);
    }

    private static String baseConfig(Path folder, int port, Path accessLog, Path cacheLog) {
        return """
                # proxybench interop squid: loopback only, no cache, everything in %1$s
                http_port 127.0.0.1:%2$d
                visible_hostname proxybench-squid
                pid_filename %1$s/squid.pid
                coredump_dir %1$s
                access_log stdio:%3$s
                cache_log %4$s
                cache_store_log none
                netdb_filename none
                buffered_logs off
                cache deny all
                # No ICMP pinger, and DNS on loopback only: every socket stays on 127.0.0.0/8.
                pinger_enable off
                udp_incoming_address 127.0.0.1
                dns_nameservers 127.0.0.1
                # Stop at once on SIGTERM instead of draining connections for 30 s.
                shutdown_lifetime 0 seconds
                # The built-in localhost ACL is only 127.0.0.1; lab exits use other loopback addresses.
                acl loopnet src 127.0.0.0/8
                # No SSL_ports rule: CONNECT may reach any port, as tests tunnel to ephemeral lab ports.
                """.formatted(folder, port, accessLog, cacheLog);
    }

    private static String authConfig(Path htpasswd) {
        if (!Files.isExecutable(Path.of(NCSA_AUTH))) {
            throw new AssertionError("squid auth helper " + NCSA_AUTH + " missing: reinstall with "
                    + "apt-get install --reinstall -y squid");
        }
        return """
                auth_param basic program %s %s
                auth_param basic realm proxybench
                acl authed proxy_auth REQUIRED
                http_access allow loopnet authed
                """.formatted(NCSA_AUTH, htpasswd);
    }

    /** An Apache MD5 ({@code $apr1$}) hash, which basic_ncsa_auth accepts. */
    private static String apr1Hash(String password) {
        Path openssl = Peer.require("openssl", "openssl");
        CommandResult result = Peer.run(List.of(openssl.toString(), "passwd", "-apr1", password), Duration.ofSeconds(10))
                .assertSuccess();
        return result.stdout().strip();
    }

    /** Squid started as root drops to user proxy, which must be able to write its logs and pid file. */
    private static void giveToProxyUser(Path folder) throws IOException {
        UserPrincipal proxy = folder.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName("proxy");
        try (Stream<Path> files = Files.walk(folder)) {
            for (Path file : files.toList()) {
                Files.setOwner(file, proxy);
            }
        }
    }
}
