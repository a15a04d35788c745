package io.proxybench.experiments;

import io.proxybench.lab.Lab;
import io.proxybench.lab.LabAccount;
import io.proxybench.lab.LabConfig;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * A lab run as {@code proxybench lab} runs it: started, its account (if any) written to {@link LabAccountFiles}, its
 * {@link LabCard} shown, then kept until a set time has passed or the JVM shuts down (Ctrl-C), when a shutdown hook
 * closes the lab and deletes the account files.
 */
public final class LabUntilStopped {

    private LabUntilStopped() {}

    /**
     * Starts a lab of {@code config} and returns once it has stopped.
     *
     * @param config the lab's configuration; it asks for {@code auth} when that is given
     * @param auth the account the gateway asks for, written to owner-only files the card names; null for none
     * @param runFor how long the lab runs; null for until the JVM shuts down
     * @param show shows the card, once the lab is up
     * @param warn tells, on shutdown, that the account files could not be deleted: they hold the password
     */
    public static void run(LabConfig config, LabAccount auth, Duration runFor, Consumer<LabCard> show,
            Consumer<String> warn) throws IOException, InterruptedException {
        CountDownLatch stop = new CountDownLatch(1);
        try (Lab lab = Lab.start(config); LabAccountFiles accountFiles = auth == null ? null
                : LabAccountFiles.write(config.home(), lab.host(), lab.gatewayPort(), auth.user(), auth.password())) {
            Thread hook = new Thread(() -> {
                stop.countDown();
                lab.close();
                delete(accountFiles, warn);
            }, "lab-shutdown");
            Runtime.getRuntime().addShutdownHook(hook);
            show.accept(new LabCard(lab, auth == null ? null : auth.user(), accountFiles));
            if (runFor == null) {
                stop.await();
            } else {
                stop.await(runFor.toMillis(), TimeUnit.MILLISECONDS);
            }
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // The hook is running: it closes the lab.
            }
        }
    }

    /** On Ctrl-C, where the lab's thread may not get to close them: deletes the account files, if any. */
    private static void delete(LabAccountFiles accountFiles, Consumer<String> warn) {
        if (accountFiles == null) {
            return;
        }
        try {
            accountFiles.close();
        } catch (IOException e) {
            warn.accept("proxybench lab: could not delete " + accountFiles.curlConfig() + " and "
                    + accountFiles.proxyFile() + " (" + e.getMessage() + "); they hold the --auth password,"
                    + " owner-only: delete them");
        }
    }
}
