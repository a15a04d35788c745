package io.proxybench.client.internal.redirect;

import io.proxybench.client.ProxyRequest;
import io.proxybench.client.Redirect;

/**
 * A redirect to follow: the request to send next and the hop to add to the chain.
 *
 * @param request the next request, on the same proxy and session key as the one redirected
 * @param hop the redirect, its {@link Redirect#to()} and {@link Redirect#method()} those of {@code request}
 */
public record FollowUp(ProxyRequest request, Redirect hop) {
}
