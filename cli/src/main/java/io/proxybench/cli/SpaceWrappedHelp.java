package io.proxybench.cli;

import java.util.IllegalFormatException;
import java.util.List;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Help.ColorScheme;
import picocli.CommandLine.Help.TextTable;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;
import picocli.CommandLine.Model.UsageMessageSpec;

/**
 * Picocli's usage help with its columns and sections unchanged, wrapped at spaces only ({@link SpaceWrappedTable}):
 * the option and parameter lists, the command list, and the header, description and footer. The synopsis keeps
 * picocli's wrapping, which breaks between its bracketed items.
 */
final class SpaceWrappedHelp extends CommandLine.Help {

    /** For {@link CommandLine#setHelpFactory}. */
    static final CommandLine.IHelpFactory FACTORY = SpaceWrappedHelp::new;

    private SpaceWrappedHelp(CommandSpec spec, ColorScheme scheme) {
        super(spec, scheme);
    }

    @Override
    public Layout createDefaultLayout(List<OptionSpec> options, List<PositionalParamSpec> positionals,
            ColorScheme scheme) {
        TextTable columns = super.createDefaultLayout(options, positionals, scheme).textTable();
        return new Layout(scheme, new SpaceWrappedTable(scheme, columns), createDefaultOptionRenderer(),
                createDefaultParameterRenderer());
    }

    /** Picocli's command list (name, then the first line of the header or else the description), wrapped at spaces. */
    @Override
    public String commandList(Map<String, CommandLine.Help> subcommands) {
        if (subcommands.isEmpty()) {
            return "";
        }
        int width = commandSpec().usageMessage().width();
        int names = Math.min(subcommands.keySet().stream().mapToInt(String::length).max().orElse(0), width / 2) + 2;
        TextTable table = new SpaceWrappedTable(colorScheme(), TextTable.forColumns(colorScheme(),
                new Column(names, 2, Column.Overflow.SPAN), new Column(width - names, 2, Column.Overflow.WRAP)));
        subcommands.values().forEach(help -> {
            UsageMessageSpec usage = help.commandSpec().usageMessage();
            String[] summary = usage.header().length > 0 ? usage.header() : usage.description();
            Ansi.Text[] lines = colorScheme().text(summary.length > 0 ? format(summary[0]) : "").splitLines();
            for (int i = 0; i < lines.length; i++) {
                table.addRowValues(i == 0 ? help.commandNamesText(", ") : colorScheme().text(""), lines[i]);
            }
        });
        return table.toString();
    }

    @Override
    public String header(Object... params) {
        return lines(commandSpec().usageMessage().header(), params);
    }

    @Override
    public String description(Object... params) {
        return lines(commandSpec().usageMessage().description(), params);
    }

    @Override
    public String footer(Object... params) {
        return lines(commandSpec().usageMessage().footer(), params);
    }

    /** {@code values} formatted with {@code params} as picocli formats them, one paragraph each, wrapped at spaces. */
    private String lines(String[] values, Object... params) {
        TextTable columns = TextTable.forColumnWidths(colorScheme(), commandSpec().usageMessage().width());
        columns.indentWrappedLines = 0;
        TextTable table = new SpaceWrappedTable(colorScheme(), columns);
        for (String value : values) {
            table.addRowValues(format(value, params));
        }
        return table.toString();
    }

    /** As picocli formats a help line: {@code %n} becomes a line break; a line that is no format stays as it is. */
    private static String format(String value, Object... params) {
        try {
            return String.format(value, params);
        } catch (IllegalFormatException e) {
            return value;
        }
    }
}
