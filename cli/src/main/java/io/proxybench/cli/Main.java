package io.proxybench.cli;

import io.proxybench.analysis.read.FileReading;
import io.proxybench.analysis.report.ReportJson;
import java.io.PrintWriter;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.Function;
import picocli.CommandLine.Command;
import picocli.CommandLine;

/** The {@code proxybench} command line. Exit codes: 0 success, 1 failure, 2 bad arguments. */
@Command(
        name = "proxybench",
        mixinStandardHelpOptions = true,
        versionProvider = Main.Version.class,
        description = "Measure and speed up proxied HTTP traffic.",
        subcommands = {DemoCommand.class, LabCommand.class, RunCommand.class, MergeCommand.class, AnalyzeCommand.class,
            DoctorCommand.class, ReuseCommand.class, OwnersCommand.class, KeepAliveCommand.class,
            SessionsCommand.class, SizePoolCommand.class, BytesCommand.class, H2GatewayCommand.class,
            ClientsCommand.class, FingerprintCommand.class, ProbeCommand.class, CompareCommand.class, RampCommand.class,
            AlternateCommand.class, FetchCommand.class, WatchCommand.class, CommandLine.HelpCommand.class})
public final class Main implements Runnable {

    public static final int BAD_ARGUMENTS = 2;

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }

    /** The configured command line, for tests: one-line errors and exit code 2 on bad arguments. */
    static CommandLine commandLine() {
        CommandLine cli = new CommandLine(new Main());
        // An argument that starts with @ is the user's (curl's -d @FILE), never one of picocli's argument files.
        cli.setExpandAtFiles(false);
        cli.setHelpFactory(SpaceWrappedHelp.FACTORY);
        withConverters(cli);
        cli.setParameterExceptionHandler((e, args) -> {
            e.getCommandLine().getErr().println(qualifiedName(e.getCommandLine()) + ": " + ErrorLines.badArgument(e));
            return BAD_ARGUMENTS;
        });
        cli.setExecutionExceptionHandler((e, commandLine, parsed) -> {
            commandLine.getErr().println(qualifiedName(commandLine) + ": " + FileReading.failure(e));
            return e instanceof IllegalArgumentException ? BAD_ARGUMENTS : 1;
        });
        return cli;
    }

    /**
     * {@code args} read as {@code run} reads them, nothing run: the options {@code alternate} takes after its
     * {@code --} for each provider's windows, read once; the windows' runs are built from the parsed command.
     *
     * @throws CommandLine.ParameterException for an argument {@code run} does not take
     */
    static CommandLine runOptions(List<String> args) {
        return parse(new RunCommand(), args.toArray(String[]::new));
    }

    /**
     * {@code command} given {@code args} as the command line reads them, nothing run: its parsed command line.
     *
     * @throws CommandLine.ParameterException for an argument the command does not take
     */
    private static CommandLine parse(Object command, String... args) {
        CommandLine cli = withConverters(new CommandLine(command));
        cli.setExpandAtFiles(false);
        cli.parseArgs(args);
        return cli;
    }

    /**
     * {@code cli} reading durations, URLs, paths and numbers with proxybench's converters, whose errors name the value,
     * the problem and the fix; registered on its subcommands too.
     */
    private static CommandLine withConverters(CommandLine cli) {
        return cli.registerConverter(Duration.class, new DurationConverter())
                .registerConverter(URI.class, new UriConverter())
                .registerConverter(Path.class, new PathConverter())
                .registerConverter(Integer.class, new NumberConverters.WholeInt())
                .registerConverter(int.class, new NumberConverters.WholeInt())
                .registerConverter(Long.class, new NumberConverters.WholeLong())
                .registerConverter(long.class, new NumberConverters.WholeLong())
                .registerConverter(Double.class, new NumberConverters.Decimal())
                .registerConverter(double.class, new NumberConverters.Decimal());
    }

    /** Prints {@code result} as JSON with {@code --json}, else as its table; returns the exit code, 0. */
    static <T> int print(CommandLine.Model.CommandSpec spec, boolean json, T result, Function<T, String> table) {
        PrintWriter out = spec.commandLine().getOut();
        out.print(json ? ReportJson.write(result) + "\n" : table.apply(result));
        out.flush();
        return 0;
    }

    private static String qualifiedName(CommandLine cmd) {
        return cmd.getCommandSpec().qualifiedName();
    }

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /** The version from the jar's manifest, or "dev" when run from classes. */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String v = Main.class.getPackage().getImplementationVersion();
            return new String[] {"proxybench " + (v == null ? "dev" : v)};
        }
    }
}
