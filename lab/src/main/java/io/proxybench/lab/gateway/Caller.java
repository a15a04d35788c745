package io.proxybench.lab.gateway;

import io.proxybench.client.proxy.SessionParams;

/** An authenticated caller: the account part of its username (keeps accounts' sessions apart) and its session. */
public record Caller(String account, SessionParams session) {

    public static final Caller ANONYMOUS = new Caller("", SessionParams.ROTATING);
}
