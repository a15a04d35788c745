package io.proxybench.cli;

import io.proxybench.analysis.Expect;
import io.proxybench.analysis.asn.AsnFiles;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/**
 * How {@code analyze} and {@code compare} read records: the AS table their exit IPs are placed by, and what a body
 * must hold to count as data.
 */
final class RecordReading {

    @CommandLine.Mixin
    AsnOptions asns = new AsnOptions();

    @Option(names = "--expect", paramLabel = "REGEX",
            description = "Body regex that marks data, checked on records written by run --keep-body.")
    String expect;

    @Option(names = "--expect-json", paramLabel = "KEY",
            description = "JSON key (or /pointer) that marks data, checked as --expect is.")
    String expectJson;

    /** What a 2xx body must hold to be data; null for none. */
    Expect expectation() {
        return Expect.of(expect, expectJson);
    }

    /** The AS table or database the options name. */
    AsnFiles asnFiles() {
        return asns.files();
    }
}
