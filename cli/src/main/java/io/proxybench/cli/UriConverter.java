package io.proxybench.cli;

import io.proxybench.harness.plan.TargetUrl;
import java.net.URI;
import picocli.CommandLine;

/** Reads a target URL option as {@link TargetUrl} defines one; its error quotes the value, the problem and the fix. */
final class UriConverter implements CommandLine.ITypeConverter<URI> {

    @Override
    public URI convert(String value) {
        try {
            return TargetUrl.parse(value);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.TypeConversionException(e.getMessage());
        }
    }
}
