package io.proxybench.client.internal.dialect;

import io.proxybench.client.internal.dialect.KeyValueDialect.Field;
import io.proxybench.client.proxy.SessionRules;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * A {@link KeyValueDialect}'s settings, read by its constructor; everything but name and rules has the default
 * shown.
 */
final class KeyValueBuilder {

    final String name;
    final SessionRules rules;
    Field writes = Field.USER;
    boolean readsBoth;
    char pairSeparator = '-';
    char valueSeparator = '-';
    final Map<Param, String> keywords = new LinkedHashMap<>();
    Lifetimes lifetimes = Lifetimes.MINUTES;
    Duration minLifetime = Duration.ofSeconds(1);
    boolean lowerCase;
    String anyCountry;
    final Map<String, String> countryAliases = new LinkedHashMap<>();
    char space = '_';
    Pattern id = Pattern.compile("[A-Za-z0-9]{1,64}");
    String idForm = "1 to 64 letters and digits";
    SessionIds derived;
    String example = "";

    KeyValueBuilder(String name, SessionRules rules) {
        this.name = name;
        this.rules = rules;
    }

    /** The field parameters are written to (default the username); {@code both}: read from either. */
    KeyValueBuilder writes(Field field, boolean both) {
        this.writes = field;
        this.readsBoth = both;
        return this;
    }

    /** Before each key, and between key and value (default {@code -} and {@code -}). */
    KeyValueBuilder separators(char pair, char value) {
        this.pairSeparator = pair;
        this.valueSeparator = value;
        return this;
    }

    /** A parameter's keyword; parameters are written in the order given. */
    KeyValueBuilder key(Param param, String keyword) {
        keywords.put(param, keyword);
        return this;
    }

    /** How a lifetime is written and the shortest accepted (the longest is the rules'). */
    KeyValueBuilder lifetimes(Lifetimes unit, Duration min) {
        this.lifetimes = unit;
        this.minLifetime = min;
        return this;
    }

    /** Countries written in lower case ({@code us}); read in either. */
    KeyValueBuilder lowerCaseCountry() {
        this.lowerCase = true;
        return this;
    }

    /** The country value written when none is asked for ({@code any}), read back as no country. */
    KeyValueBuilder anyCountry(String value) {
        this.anyCountry = value;
        return this;
    }

    /** A provider's own code for an ISO country, e.g. {@code GB} written as {@code UK}. */
    KeyValueBuilder countryAlias(String iso, String written) {
        countryAliases.put(iso, written);
        return this;
    }

    /** What stands for a space in a state or city name (default {@code _}). */
    KeyValueBuilder spaceAs(char c) {
        this.space = c;
        return this;
    }

    /**
     * The session ids the provider accepts, how a message describes them, and how many characters (or digits)
     * to derive from a router's id that does not fit.
     */
    KeyValueBuilder ids(String regex, String form, int length, boolean digitsOnly) {
        this.id = Pattern.compile(regex);
        this.idForm = form;
        this.derived = new SessionIds(length, digitsOnly);
        return this;
    }

    /** A documented example, quoted in error messages. */
    KeyValueBuilder example(String text) {
        this.example = text;
        return this;
    }

    KeyValueDialect build() {
        return new KeyValueDialect(this);
    }
}
