package io.proxybench.cli;

import io.proxybench.analysis.report.ReportJson;
import io.proxybench.demo.Demo;
import io.proxybench.demo.DemoPlan;
import io.proxybench.demo.DemoProgress;
import io.proxybench.demo.DemoResult;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code proxybench demo}: {@link Demo}, every experiment on the embedded lab, with its progress on stderr and each
 * table printed as it completes (or every step's result as one JSON object at the end).
 */
@Command(name = "demo", mixinStandardHelpOptions = true,
        description = {"Run every experiment on the embedded lab and write an HTML report with plots.",
            "About two and a half minutes on two cores; each table is printed as it is measured, and the report needs"
                    + " no network to view."})
final class DemoCommand implements Callable<Integer> {

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Option(names = "--out", paramLabel = "DIR", defaultValue = "proxybench-report",
            description = "Where the report goes: index.html, results.json and the run's records"
                    + " (default: ${DEFAULT-VALUE}).")
    Path out;

    @Option(names = "--run-for", paramLabel = "DURATION", defaultValue = "15s",
            description = "How long the open-loop run lasts (default: ${DEFAULT-VALUE}).")
    Duration runFor;

    @Option(names = "--json", description = "Print every step's result as one JSON object instead of the tables.")
    boolean json;

    @Override
    public Integer call() throws Exception {
        PrintWriter o = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        DemoResult result = Demo.run(new DemoPlan(out, runFor), DemoProgress.printing(err, json ? null : o));
        if (json) {
            o.println(ReportJson.write(result.results()));
        } else {
            o.printf("%nreport: %s%n", result.report().toAbsolutePath());
        }
        o.flush();
        err.printf(Locale.ROOT, "done in %.0f s%n", result.seconds());
        err.flush();
        return 0;
    }
}
