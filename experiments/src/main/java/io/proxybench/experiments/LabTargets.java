package io.proxybench.experiments;

import io.proxybench.client.proxy.ProxySpec;
import io.proxybench.lab.Lab;
import java.net.URI;

/**
 * Where an experiment on the embedded lab sends its requests: the gateway with the lab's default account
 * ({@code lab:lab}, which a lab started with {@code auth("lab", "lab")} also asks for) and URLs on its target.
 */
public final class LabTargets {

    /** The target's trace: it answers with the exit it saw ({@code ip=}), the client's JA4 and its connection id. */
    public static final String TRACE = "/cdn-cgi/trace";

    private LabTargets() {}

    /** The lab's gateway as an HTTP proxy, with the lab's default account. */
    public static ProxySpec gateway(Lab lab) {
        return ProxySpec.parse("http://lab:lab@" + lab.host() + ":" + lab.gatewayPort());
    }

    /** The lab's gateway as an {@code https://} proxy (HTTP/2 or HTTP/1.1 inside TLS), with the same account. */
    public static ProxySpec tlsGateway(Lab lab) {
        return ProxySpec.parse("https://lab:lab@" + lab.host() + ":" + lab.gatewayTlsPort());
    }

    /** A URL on the lab's HTTPS target, e.g. {@link #TRACE}. */
    public static URI https(Lab lab, String path) {
        return URI.create("https://" + lab.host() + ":" + lab.targetHttpsPort() + path);
    }

    /** A URL on the lab's plain-HTTP target (forwarded, not tunnelled, by an HTTP proxy). */
    public static URI http(Lab lab, String path) {
        return URI.create("http://" + lab.host() + ":" + lab.targetHttpPort() + path);
    }
}
