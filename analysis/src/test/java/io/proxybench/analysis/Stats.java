package io.proxybench.analysis;

import io.proxybench.analysis.stats.RecordClassifier;
import io.proxybench.analysis.stats.RunStatistics;
import io.proxybench.records.RequestRecord;
import java.util.List;

/** The statistics of hand-made records, classified as a reader classifies them (no expectation). */
public final class Stats {
    private Stats() {}

    public static RunStatistics of(List<RequestRecord> records) {
        RecordClassifier classifier = new RecordClassifier(null);
        RunStatistics stats = new RunStatistics();
        records.forEach(r -> stats.add(classifier.classify(r)));
        return stats;
    }
}
