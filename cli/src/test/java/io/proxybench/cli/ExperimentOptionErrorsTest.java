package io.proxybench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import io.netty.handler.ssl.SslProvider;
import io.proxybench.net.TlsEngine;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The experiments' option errors: exit 2 and one line naming the option that is wrong, its value where it has one,
 * and the fix. Each is caught before a lab starts or a proxy is dialled, so these run in milliseconds.
 */
class ExperimentOptionErrorsTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "sessions --concurrency 100000      | --concurrency 100000 is out of range: use 1 to 1024",
        "sessions --burst-tunnels 100000    | --burst-tunnels 100000 is out of range: use 1 to 1024",
        "sessions --concurrency 0           | --concurrency 0 is out of range: use 1 to 1024",
        "sessions --burst-requests 0        | --burst-requests must be at least 1, got 0",
        "bytes --samples 0                  | --samples must be at least 1, got 0",
        "bytes --requests 0                 | --requests must be at least 1, got 0",
        "bytes --per-tunnel 1,0             | --per-tunnel 0 is not a number of requests per tunnel: use 1 or more",
        "reuse --requests 0                 | --requests must be at least 1, got 0",
        "reuse --concurrency 5000           | --concurrency 5000 is out of range: use 1 to 1024",
        "clients --requests 0               | --requests must be at least 1, got 0",
        "clients --in-flight 2000           | --in-flight 2000 is out of range: use 1 to 1024",
        "clients --isolation-requests 3     | --isolation-requests must be even and at least 2 (half per session), got 3",
        "clients --warm-up -1               | --warm-up must be 0 or more, got -1",
        "clients --time-limit 0s            | --time-limit must be positive",
        "clients --client curl              | --client curl is not one of: ",
        "clients --proxy http://u:p@127.0.0.1:9 --url https://127.0.0.1:9/ --insecure"
                + " | --insecure is not offered here",
        "clients --proxy http://u:p@127.0.0.1:9 --url http://127.0.0.1:9/"
                + " | --url must be https://, so that each client tunnels with CONNECT",
        "clients --proxy socks5://u:p@127.0.0.1:9 --url https://127.0.0.1:9/"
                + " | the clients audit needs an http:// proxy",
        "owners --proxy http://u:p@127.0.0.1:9 --url http://127.0.0.1:9/ --forward-idle-cap 4"
                + " | --forward-idle-cap applies to the embedded lab only; leave it out with --proxy",
        "sessions --proxy http://u:p@127.0.0.1:9 --url https://127.0.0.1:9/ --rtt 30ms"
                + " | --rtt applies to the embedded lab only; leave it out with --proxy",
        "bytes --proxy http://u:p@127.0.0.1:9 --url https://127.0.0.1:9/ --path /cdn-cgi/trace"
                + " | --path applies to the embedded lab only; leave it out with --proxy",
        "reuse --proxy http://u:p@127.0.0.1:9 --url https://127.0.0.1:9/ --latency 20ms"
                + " | --latency applies to the embedded lab only; leave it out with --proxy",
    })
    void theErrorNamesTheOptionItsValueAndTheFix(String args, String error) {
        assertOneLineError(args.trim().split(" +"), error.trim());
    }

    @Test
    void anUnknownGroupIsNamedWithTheOptionAndGroupsToUse() {
        assumeThat(TlsEngine.current().provider()).as("groups are set through OpenSSL").isEqualTo(SslProvider.OPENSSL);

        assertOneLineError(new String[] {"bytes", "--group", "X25519", "--group", "X25519MLKEM768:FOO"},
                "--group FOO is not a key-exchange group this TLS engine knows; e.g. X25519, X25519MLKEM768");
    }

    @Test
    void listOptionsShowTheirCommaInTheSynopsis() {
        assertThat(MainTest.run("bytes", "--help").out()).contains("--per-tunnel=N[,N...]");
        assertThat(MainTest.run("size-pool", "--help").out()).contains("--pool-sizes=N[,N...]")
                .contains("--buckets=BURST:RATE[,BURST:RATE...]");
    }

    private static void assertOneLineError(String[] args, String error) {
        MainTest.Run run = MainTest.run(args);

        assertThat(run.exitCode()).as(run.err()).isEqualTo(Main.BAD_ARGUMENTS);
        assertThat(run.err().strip().lines()).as(run.err()).hasSize(1).first().asString().contains(error);
    }
}
