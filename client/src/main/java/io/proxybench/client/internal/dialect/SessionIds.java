package io.proxybench.client.internal.dialect;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * Session ids in a provider's own form, derived from a router's id (1 to 64 letters and digits) when the provider
 * accepts fewer characters or digits only: the same router id always gives the same provider id, and two ids
 * collide only as two random draws from the form's space do (36^8 = 2.8e12 for eight letters and digits).
 */
record SessionIds(int length, boolean digitsOnly) {

    /** The provider's id for {@code routerId}: its first {@code length} base-36 or decimal digits of SHA-256. */
    String derive(String routerId) {
        byte[] digest;
        try {
            digest = MessageDigest.getInstance("SHA-256").digest(routerId.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing, though every Java platform must provide it", e);
        }
        String digits = new BigInteger(1, digest).toString(digitsOnly ? 10 : 36);
        // 256 bits give at least 49 base-36 or 77 decimal digits; the leading one is never 0 for a digits-only id.
        String id = digits.substring(0, length);
        return digitsOnly && id.charAt(0) == '0' ? "1" + id.substring(1) : id;
    }
}
