package io.proxybench.cli;

import io.proxybench.client.proxy.SessionTemplate;
import io.proxybench.harness.plan.SessionSettings;
import java.time.Duration;
import picocli.CommandLine.Option;

/**
 * How a command writes sessions into proxy credentials: a provider's dialect ({@code --provider}) or a template
 * ({@code --session-template}), and what every session asks for besides its id (lifetime, country, state, city,
 * ASN). {@link SessionSettings} checks them together and makes the template.
 */
final class SessionOptions {

    @Option(names = "--provider", paramLabel = "NAME",
            description = "Write sessions in this provider's documented syntax: lab, brightdata, oxylabs, decodo"
                    + " (smartproxy), iproyal, evomi, soax, netnut, webshare, geonode (README: \"Providers\").")
    String provider;

    @Option(names = "--session-template", paramLabel = "TEMPLATE",
            description = "Write sessions with this template instead of a provider's syntax, e.g."
                    + " {user}-country-{country}-session-{id} (experiments on the lab default to "
                    + SessionTemplate.DEFAULT_TEXT + ").")
    String template;

    @Option(names = "--session-lifetime", paramLabel = "DURATION", converter = DurationConverter.class,
            description = "Ask for this session lifetime (whole seconds; in the provider's units).")
    Duration lifetime;

    @Option(names = "--country", paramLabel = "CC", description = "Ask for exits in this country (two letters).")
    String country;

    @Option(names = "--state", paramLabel = "NAME", description = "Ask for exits in this state or region.")
    String state;

    @Option(names = "--city", paramLabel = "NAME", description = "Ask for exits in this city, e.g. new_york.")
    String city;

    @Option(names = "--asn", paramLabel = "N", description = "Ask for exits in this autonomous system.")
    Integer asn;

    /** The values as given, for the library to check together. */
    SessionSettings given() {
        return new SessionSettings(provider, template, lifetime, country, state, city, asn);
    }

    /**
     * The sessions asked for, or null when none of these options was given (requests then use the proxy's
     * credentials as they are).
     *
     * @throws IllegalArgumentException naming the option at fault and the fix
     */
    SessionTemplate templateOrNull() {
        return given().templateOrNull();
    }
}
