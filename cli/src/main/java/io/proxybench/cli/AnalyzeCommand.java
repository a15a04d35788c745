package io.proxybench.cli;

import io.proxybench.bench.analyze.Expect;
import io.proxybench.bench.analyze.Ip2Asn;
import io.proxybench.bench.analyze.MaxMindAsn;
import io.proxybench.bench.record.RequestRecord;
import io.proxybench.bench.report.Analysis;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code proxybench analyze}: the figures of a run's JSONL records, ours or the seed harness's. */
@Command(name = "analyze", mixinStandardHelpOptions = true,
        description = {"Analyse JSONL records of a run; several files are merged as shards of one run.",
            "Steady window, per-phase percentiles, failures, exits, ASNs, bytes, block outcomes and rates."})
final class AnalyzeCommand implements Callable<Integer> {

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "FILE", description = "JSONL records (several = merged shards).")
    List<Path> files;

    @Option(names = "--ip2asn", paramLabel = "FILE",
            description = "ip2asn TSV table (plain or gzip) for the AS spread of the exit IPs.")
    Path ip2asn;

    @Option(names = "--asn-db", paramLabel = "FILE",
            description = "MaxMind ASN database (.mmdb), e.g. GeoLite2-ASN.mmdb, instead of --ip2asn.")
    Path asnDb;

    @Option(names = "--expect", paramLabel = "REGEX",
            description = "Body regex that marks data, checked on records written by run --keep-body.")
    String expect;

    @Option(names = "--expect-json", paramLabel = "KEY",
            description = "JSON key (or /pointer) that marks data, checked as --expect is.")
    String expectJson;

    @Option(names = "--window", paramLabel = "SECONDS", defaultValue = "60",
            description = "Block-rate window (default: ${DEFAULT-VALUE} s).")
    long window;

    @Option(names = "--json", description = "Print the analysis as one JSON object.")
    boolean json;

    @Override
    public Integer call() {
        Expect expectation = Expect.of(expect, expectJson);
        if (ip2asn != null && asnDb != null) {
            throw new IllegalArgumentException("--ip2asn and --asn-db exclude each other");
        }
        if (window <= 0) {
            throw new IllegalArgumentException("--window " + window + " must be at least 1 second");
        }
        ShardFiles shards = ShardFiles.read(files);
        shards.check();
        List<RequestRecord> records = shards.records();
        Ip2Asn table = ip2asn == null ? null : FileReading.read(ip2asn, () -> Ip2Asn.load(ip2asn));
        Analysis analysis;
        try (MaxMindAsn db = asnDb == null ? null : FileReading.read(asnDb, () -> MaxMindAsn.open(asnDb))) {
            analysis = Analysis.of(records, window, db == null ? table : db, expectation);
        }
        PrintWriter out = spec.commandLine().getOut();
        out.print(json ? analysis.json() + "\n" : analysis.text());
        out.flush();
        return 0;
    }
}
