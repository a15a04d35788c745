package io.proxybench.analysis;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * What a response body must hold to count as data ({@code --expect}): seed 002 says to check the content,
 * not only the status, because a 200 can hide a block.
 */
public sealed interface Expect {

    /**
     * The expectation of the {@code --expect REGEX} / {@code --expect-json KEY} options: null when neither is given.
     *
     * @throws IllegalArgumentException when both are given or the regex does not compile, in one line
     */
    static Expect of(String regex, String jsonKey) {
        if (regex != null && jsonKey != null) {
            throw new IllegalArgumentException("--expect and --expect-json exclude each other; give one");
        }
        if (jsonKey != null) {
            if (jsonKey.isBlank()) {
                throw new IllegalArgumentException("--expect-json needs a key name or a /json/pointer");
            }
            return new JsonKey(jsonKey);
        }
        if (regex == null) {
            return null;
        }
        try {
            return new BodyRegex(Pattern.compile(regex));
        } catch (PatternSyntaxException e) {
            throw new IllegalArgumentException("--expect '" + regex + "' is not a regex: " + e.getDescription());
        }
    }

    /** Whether {@code body} (null when none was kept) holds the expected content. */
    boolean matches(String body);

    /** The body contains a match of {@code regex} anywhere ({@link java.util.regex.Matcher#find()}). */
    record BodyRegex(Pattern regex) implements Expect {
        @Override
        public boolean matches(String body) {
            return body != null && regex.matcher(body).find();
        }
    }

    /**
     * The body is JSON with {@code key} present: a top-level field name (e.g. {@code price}), or a JSON
     * Pointer when it starts with {@code /} (e.g. {@code /offers/0/price}). A body that is not JSON fails.
     */
    record JsonKey(String key) implements Expect {
        private static final ObjectMapper MAPPER = new ObjectMapper();

        @Override
        public boolean matches(String body) {
            if (body == null) {
                return false;
            }
            try {
                JsonNode root = MAPPER.readTree(body);
                return root != null && (key.startsWith("/") ? !root.at(key).isMissingNode() : root.has(key));
            } catch (JsonProcessingException e) {
                return false;
            }
        }
    }
}
