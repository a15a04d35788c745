package io.proxybench.records;

import java.nio.file.Path;

/**
 * Counts a records file's records with {@link RecordStream} and prints {@code N records} and the cut line if any:
 * the child process of {@link RecordStreamSmallHeapTest}, run in a small heap.
 */
public final class RecordCount {
    private RecordCount() {
    }

    public static void main(String[] args) throws Exception {
        try (RecordStream stream = RecordStream.open(Path.of(args[0]))) {
            long count = 0;
            while (stream.next() != null) {
                count++;
            }
            System.out.println(count + " records" + stream.cutLine().map(cut -> ", cut: line " + cut.line()
                    + ", " + cut.bytes() + " bytes").orElse(""));
        }
    }
}
