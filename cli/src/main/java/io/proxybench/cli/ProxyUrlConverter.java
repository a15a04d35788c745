package io.proxybench.cli;

import io.proxybench.client.proxy.ProxySpec;
import picocli.CommandLine;

/** Reads a proxy URL option for picocli; its errors mask the password, as {@link ProxySpec#parse} does. */
public final class ProxyUrlConverter implements CommandLine.ITypeConverter<ProxySpec> {

    @Override
    public ProxySpec convert(String value) {
        try {
            return ProxySpec.parse(value);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.TypeConversionException(e.getMessage());
        }
    }
}
