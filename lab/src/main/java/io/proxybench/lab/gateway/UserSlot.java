package io.proxybench.lab.gateway;

import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One of an account's slots under the gateway's per-user concurrency limit, held by one tunnel or forwarded request.
 * {@link #free()} may be called from every path that ends its holder (a refusal after the slot was taken, the
 * connection's or stream's close, the end of a forwarded exchange); only the first call frees it.
 */
final class UserSlot {

    /** What a gateway without a per-user limit hands out: freeing it changes nothing. */
    private static final UserSlot UNLIMITED = new UserSlot(null, "");

    private final GatewayCounters counters;
    private final String account;
    private final AtomicBoolean freed = new AtomicBoolean();

    private UserSlot(GatewayCounters counters, String account) {
        this.counters = counters;
        this.account = account;
    }

    /**
     * A slot of {@code caller}'s account, or null when the gateway's limit is already reached (the refusal is
     * counted). Without a limit every call gets the same slot, which counts nothing.
     */
    static UserSlot take(GatewayContext gw, Caller caller) {
        int max = gw.config().maxConcurrencyPerUser();
        if (max == 0) {
            return UNLIMITED;
        }
        return gw.counters().userSlotTaken(caller.account(), max) ? new UserSlot(gw.counters(), caller.account())
                : null;
    }

    /** The refusal's text: names the limit and what to do, never the account. */
    static String refusal(GatewayContext gw) {
        return "too many open at once: this plan allows " + gw.config().maxConcurrencyPerUser()
                + " tunnels or forwarded requests per user; wait for one to close";
    }

    void free() {
        if (counters != null && freed.compareAndSet(false, true)) {
            counters.userSlotFreed(account);
        }
    }
}
