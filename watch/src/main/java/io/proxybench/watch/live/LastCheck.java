package io.proxybench.watch.live;

import io.proxybench.records.RequestRecord;

/**
 * A provider's last check, as blackbox_exporter's gauges show a probe: success, status and phases.
 *
 * @param record the check's record
 * @param atMillis when it ended, Unix milliseconds
 */
public record LastCheck(RequestRecord record, long atMillis) {

    /** 1 when the target answered 200 through the proxy. */
    public boolean success() {
        return record.ok();
    }

    /** The target's status, 0 when none arrived. */
    public int status() {
        return record.status() == null ? 0 : record.status();
    }
}
