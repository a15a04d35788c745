package io.proxybench.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import org.junit.jupiter.api.Test;

class RedirectPolicyTest {

    @Test
    void normalFollowsTwentyHopsAndRefusesHttpsToHttp() {
        RedirectPolicy normal = RedirectPolicy.normal();

        assertThat(normal.follows()).isTrue();
        assertThat(normal.maxHops()).isEqualTo(20);
        assertThat(normal.allowsHttpsToHttp()).isFalse();
        assertThat(normal).hasToString("follow up to 20 redirects, https to http refused");
    }

    @Test
    void noneFollowsNothingAndHasNothingToSet() {
        RedirectPolicy none = RedirectPolicy.none();

        assertThat(none.follows()).isFalse();
        assertThat(none.maxHops()).isZero();
        assertThat(none).hasToString("follow no redirect");
        assertThatThrownBy(() -> none.withMaxHops(5)).isInstanceOf(IllegalStateException.class)
                .hasMessage("RedirectPolicy.none() follows no redirect, so withMaxHops(5) has nothing to set: start"
                        + " from RedirectPolicy.normal()");
        assertThatThrownBy(none::allowingHttpsToHttp).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void eachSettingMakesANewPolicyAndKeepsTheOther() {
        RedirectPolicy policy = RedirectPolicy.normal().withMaxHops(5).allowingHttpsToHttp();

        assertThat(policy.maxHops()).isEqualTo(5);
        assertThat(policy.allowsHttpsToHttp()).isTrue();
        assertThat(policy.withMaxHops(7).allowsHttpsToHttp()).isTrue();
        assertThat(RedirectPolicy.normal().maxHops()).as("unchanged").isEqualTo(20);
        assertThat(policy).isEqualTo(RedirectPolicy.normal().allowingHttpsToHttp().withMaxHops(5))
                .hasSameHashCodeAs(RedirectPolicy.normal().allowingHttpsToHttp().withMaxHops(5))
                .isNotEqualTo(RedirectPolicy.normal().withMaxHops(5))
                .hasToString("follow up to 5 redirects, https to http allowed");
    }

    @Test
    void aCapBelowOneIsRefusedPointingToNone() {
        assertThatThrownBy(() -> RedirectPolicy.normal().withMaxHops(0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("max hops 0 is less than 1: to follow no redirect, use RedirectPolicy.none()");
    }

    @Test
    void aRedirectIsAValueOfAFollowedStatus() {
        Redirect hop = Redirect.of(303, URI.create("http://a/form"), URI.create("http://a/done"), "GET");

        assertThat(hop).hasToString("303 http://a/form -> GET http://a/done")
                .isEqualTo(Redirect.of(303, URI.create("http://a/form"), URI.create("http://a/done"), "GET"))
                .isNotEqualTo(Redirect.of(302, URI.create("http://a/form"), URI.create("http://a/done"), "GET"));
        assertThatThrownBy(() -> Redirect.of(304, URI.create("http://a/"), URI.create("http://a/"), "GET"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("status 304 is not a redirect the client follows (301, 302, 303, 307 or 308)");
    }
}
