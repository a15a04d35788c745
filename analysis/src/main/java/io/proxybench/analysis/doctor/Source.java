package io.proxybench.analysis.doctor;

import java.nio.file.Path;

/**
 * The records one client wrote (one {@code proxybench run --out} file): connection ids are that client's, and its
 * connections serve only its own requests.
 *
 * @param name for reports, e.g. the file name
 * @param file the records, plain or gzip'd JSONL; the doctor streams it, more than once
 */
public record Source(String name, Path file) {}
