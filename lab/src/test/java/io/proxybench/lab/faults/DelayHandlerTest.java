package io.proxybench.lab.faults;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.channel.ChannelFuture;
import io.netty.channel.embedded.EmbeddedChannel;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Closes held behind the leg's round trip. They go through the pipeline: {@link EmbeddedChannel#close()} cancels
 * scheduled tasks, the handler's timer among them.
 */
class DelayHandlerTest {

    @Test
    void aCloseHeldWhenTheChannelClosesAnotherWayStillCompletes() throws Exception {
        EmbeddedChannel ch = new EmbeddedChannel(new DelayHandler(Duration.ofMillis(10)));
        ChannelFuture first = ch.pipeline().close();
        TimeUnit.MILLISECONDS.sleep(2);
        ChannelFuture second = ch.pipeline().close();
        assertThat(first.isDone()).as("held for the round trip").isFalse();
        TimeUnit.MILLISECONDS.sleep(10);
        ch.runScheduledPendingTasks();
        ch.runPendingTasks();
        assertThat(first.isSuccess()).as("due after one round trip").isTrue();
        assertThat(second.isSuccess()).as("held when the first close closed the channel").isTrue();
    }
}
