package io.proxybench.cli;

import io.proxybench.lab.LabConfig;
import io.proxybench.lab.exits.ExitPool;
import io.proxybench.lab.exits.Ip2AsnTable;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code proxybench lab exits}: the lab's exit table, as a lab started with the same options has it. */
@Command(
        name = "exits",
        mixinStandardHelpOptions = true,
        description = "Print the exit table of a lab with these options (ip2asn TSV: range start, range end,"
                + " AS number, country, AS description).")
final class ExitsCommand implements Callable<Integer> {

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Option(names = "--exits", paramLabel = "N", defaultValue = "" + LabConfig.DEFAULT_EXITS,
            description = "Exit addresses in the pool (default: ${DEFAULT-VALUE}).")
    int exits;

    @Option(names = "--seed", defaultValue = "1", description = "Seed of the exit pool (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--format", defaultValue = "ip2asn", description = "Output format: ${COMPLETION-CANDIDATES}.")
    Format format;

    enum Format { ip2asn }

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        Ip2AsnTable.write(ExitPool.generate(exits, seed), out);
        return 0;
    }
}
