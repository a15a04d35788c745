package io.proxybench.audit.clients;

import io.proxybench.audit.AuditedClient;
import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;

/** The audited clients by the names {@code proxybench clients --client} takes, in the order they run. */
public enum ClientName {
    okhttp(OkHttpAudit::new), jdk(JdkAudit::new), apache(ApacheAudit::new), jetty(JettyAudit::new),
    proxybench(ProxybenchAudit::new);

    private final Supplier<AuditedClient> make;

    ClientName(Supplier<AuditedClient> make) {
        this.make = make;
    }

    /** The client of this name. */
    public AuditedClient make() {
        return make.get();
    }

    /** Every client, in the order they run. */
    public static List<AuditedClient> all() {
        return Arrays.stream(values()).map(ClientName::make).toList();
    }

    /** The clients {@code names} names, each once, in their order; every client when null or empty. */
    public static List<AuditedClient> chosen(List<ClientName> names) {
        return names == null || names.isEmpty() ? all() : names.stream().distinct().map(ClientName::make).toList();
    }
}
