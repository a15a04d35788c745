package io.proxybench.lab.interop.peers;

import java.util.List;

/** What a short client command (curl, hey, openssl) did: its exit code and everything it printed. */
public record CommandResult(List<String> command, int exitCode, String stdout, String stderr) {

    /** Returns this result, or fails with the command and its output when it did not exit with 0. */
    public CommandResult assertSuccess() {
        if (exitCode != 0) {
            throw new AssertionError(describe());
        }
        return this;
    }

    /** One readable paragraph for failure messages. */
    public String describe() {
        return String.join(" ", command) + " exited with " + exitCode
                + "\n--- stdout ---\n" + stdout + "\n--- stderr ---\n" + stderr;
    }
}
