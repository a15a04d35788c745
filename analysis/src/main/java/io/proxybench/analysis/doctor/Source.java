package io.proxybench.analysis.doctor;

import io.proxybench.records.RequestRecord;
import java.util.List;

/**
 * The records one client wrote (one {@code proxybench run --out} file): connection ids are that client's, and its
 * connections serve only its own requests.
 *
 * @param name for reports, e.g. the file name
 */
public record Source(String name, List<RequestRecord> records) {

    public Source {
        records = List.copyOf(records);
    }
}
