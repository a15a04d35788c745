package io.proxybench.watch.history;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/** Opening a history file to append to it after a crash. */
final class AppendFile {

    private AppendFile() {}

    /**
     * Cuts {@code file}, if it exists, after its last complete line: a line cut by a crash would otherwise join the
     * next one written into one malformed line. What is cut was lost with the crash.
     *
     * @return the bytes cut, 0 when the file ended with a full line (or did not exist)
     */
    static long cutToLastLine(Path file) throws IOException {
        if (!Files.exists(file)) {
            return 0;
        }
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            long size = ch.size();
            long end = size;
            ByteBuffer one = ByteBuffer.allocate(4096);
            while (end > 0) {
                int n = (int) Math.min(one.capacity(), end);
                one.clear().limit(n);
                while (one.hasRemaining() && ch.read(one, end - n + one.position()) >= 0) {
                    // read until the buffer holds the n bytes before end
                }
                for (int i = n - 1; i >= 0; i--) {
                    if (one.get(i) == '\n') {
                        long keep = end - n + i + 1;
                        ch.truncate(keep);
                        return size - keep;
                    }
                }
                end -= n;
            }
            ch.truncate(0);
            return size;
        }
    }
}
