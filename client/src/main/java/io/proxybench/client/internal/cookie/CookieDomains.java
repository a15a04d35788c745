package io.proxybench.client.internal.cookie;

import com.google.common.net.InetAddresses;
import com.google.common.net.InternetDomainName;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Hosts and domains as cookies see them (RFC 6265 §5.1.2, §5.1.3). Public suffixes come from Guava's copy of the
 * Public Suffix List ({@link InternetDomainName}), its ICANN and private sections both, as browsers use it.
 */
final class CookieDomains {

    private CookieDomains() {
    }

    /**
     * The request's host, lower-cased: an IPv6 address keeps its brackets, a trailing dot is kept.
     *
     * @return the host, or null when {@code uri} has none (then it neither gets nor sets cookies)
     */
    static String canonicalHost(URI uri) {
        String host = uri.getHost();
        return host == null || host.isEmpty() ? null : host.toLowerCase(Locale.ROOT);
    }

    /** Whether {@code host} is an IPv4 address or a bracketed IPv6 address, as a URI writes them. */
    static boolean isIpAddress(String host) {
        return InetAddresses.isUriInetAddress(host);
    }

    /**
     * RFC 6265 §5.1.3: {@code host} equals {@code domain}, or is a name (not an IP address) that ends with
     * {@code "." + domain}. Both lower-case.
     */
    static boolean domainMatches(String host, String domain) {
        if (host.equals(domain)) {
            return true;
        }
        return host.length() > domain.length() + 1 && host.endsWith(domain)
                && host.charAt(host.length() - domain.length() - 1) == '.' && !isIpAddress(host);
    }

    /**
     * Whether a cookie must not be set for all of {@code domain}: it is a public suffix ({@code com}, {@code co.uk},
     * {@code github.io}), or not a name the list can judge (then it is refused to be safe).
     */
    static boolean isPublicSuffixOrUnknown(String domain) {
        return !InternetDomainName.isValid(domain) || InternetDomainName.from(domain).isPublicSuffix();
    }

    /**
     * The domain a browser counts cookies under (the public suffix plus one label, e.g. {@code example.co.uk} for
     * {@code www.example.co.uk}); {@code domain} itself when it is an address, a public suffix or not a name.
     */
    static String registrableDomain(String domain) {
        if (isIpAddress(domain) || !InternetDomainName.isValid(domain)) {
            return domain;
        }
        InternetDomainName name = InternetDomainName.from(domain);
        return name.isUnderPublicSuffix() ? name.topPrivateDomain().toString() : domain;
    }

    /**
     * The domains whose cookies may go to {@code host}: the host, then each parent domain (for
     * {@code a.example.com}: itself, {@code example.com}, {@code com}); an IP address alone.
     */
    static List<String> candidateDomains(String host) {
        List<String> domains = new ArrayList<>();
        domains.add(host);
        if (!isIpAddress(host)) {
            for (int dot = host.indexOf('.'); dot >= 0 && dot + 1 < host.length(); dot = host.indexOf('.', dot + 1)) {
                domains.add(host.substring(dot + 1));
            }
        }
        return domains;
    }
}
