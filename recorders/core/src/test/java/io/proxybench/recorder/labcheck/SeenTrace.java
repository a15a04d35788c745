package io.proxybench.recorder.labcheck;

/**
 * What the lab target's trace said to the user's code: the exit, the target's connection number and the request's
 * number on that connection (1 for the first).
 */
record SeenTrace(String ip, String conn, int req) {

    static SeenTrace of(String body) {
        String ip = null;
        String conn = null;
        int req = 0;
        for (String line : body.split("\n")) {
            if (line.startsWith("ip=")) {
                ip = line.substring(3).strip();
            } else if (line.startsWith("conn=")) {
                conn = line.substring(5).strip();
            } else if (line.startsWith("req=")) {
                req = Integer.parseInt(line.substring(4).strip());
            }
        }
        if (ip == null || conn == null || req == 0) {
            throw new AssertionError("not a lab trace: " + body);
        }
        return new SeenTrace(ip, conn, req);
    }
}
