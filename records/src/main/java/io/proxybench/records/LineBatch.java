package io.proxybench.records;

/** Lines copied out of the stream for a parsing thread: their bytes, numbers and places. */
final class LineBatch {
    /** Lines a batch holds at most. */
    static final int LINES = 2_048;

    byte[] bytes = new byte[256 * 1024];
    final int[] starts = new int[LINES];
    final int[] lengths = new int[LINES];
    final int[] numbers = new int[LINES];
    final long[] positions = new long[LINES];
    int size;
    int used;

    /** Adds a line unless the batch is full; a line longer than the buffer grows it when the batch is empty. */
    boolean add(byte[] line, int start, int length, int number, long position) {
        if (size == LINES || size > 0 && used + length > bytes.length) {
            return false;
        }
        if (used + length > bytes.length) {
            bytes = new byte[length];
        }
        System.arraycopy(line, start, bytes, used, length);
        starts[size] = used;
        lengths[size] = length;
        numbers[size] = number;
        positions[size] = position;
        used += length;
        size++;
        return true;
    }

    void clear() {
        size = 0;
        used = 0;
    }
}
