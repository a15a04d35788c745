package io.proxybench.cli;

import io.proxybench.lab.LabAccount;
import picocli.CommandLine;

/** Reads {@code USER:PASS}; its errors never echo the value, which holds a password, and follow the option's name. */
final class AccountConverter implements CommandLine.ITypeConverter<LabAccount> {

    @Override
    public LabAccount convert(String value) {
        try {
            return LabAccount.parse(value);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.TypeConversionException(e.getMessage());
        }
    }
}
