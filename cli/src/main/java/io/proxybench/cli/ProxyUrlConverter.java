package io.proxybench.cli;

import io.proxybench.client.proxy.ProxySpec;
import picocli.CommandLine;

/**
 * Reads a proxy URL option for picocli; its errors mask the password, as {@link ProxySpec#parse} does, and start
 * with the URL: the option's name goes before them in place of {@code ProxySpec}'s own "proxy URL".
 */
public final class ProxyUrlConverter implements CommandLine.ITypeConverter<ProxySpec> {

    private static final String NAMED = "proxy URL ";

    @Override
    public ProxySpec convert(String value) {
        try {
            return ProxySpec.parse(value);
        } catch (IllegalArgumentException e) {
            String message = e.getMessage();
            throw new CommandLine.TypeConversionException(
                    message.startsWith(NAMED) ? message.substring(NAMED.length()) : message);
        }
    }
}
