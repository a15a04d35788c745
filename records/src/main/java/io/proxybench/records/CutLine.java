package io.proxybench.records;

import java.nio.file.Path;

/**
 * The last line of a records file, cut: the file ends inside it, as when the writing process was killed mid-write,
 * so it is left out and the records before it stand.
 *
 * @param file the file
 * @param line the cut line's number, counting from 1
 * @param bytes how much of the line the file holds, in bytes (decompressed for a gzip file); 0 when a gzip stream
 *     ends early right after a whole line
 */
public record CutLine(Path file, int line, int bytes) {

    /** The cut as people read it: {@code FILE: the last line (line N, B bytes) was cut and left out ...}. */
    public String describe() {
        return file + ": the last line (line " + line + ", " + bytes + " bytes) was cut and left out: the file ends"
                + " inside it, as when the run writing it was killed; the records before it are whole";
    }
}
