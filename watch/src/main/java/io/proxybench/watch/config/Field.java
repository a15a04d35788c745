package io.proxybench.watch.config;

/**
 * One setting as the user gave it, and where: {@code watch.yaml:7: providers[1].proxy} for a config file's value,
 * {@code --provider a} for a flag's. Every error about it starts with {@code place}, so it names the file, the line
 * and the field, or the flag.
 *
 * @param value the text given, never null
 * @param place where it was given
 */
public record Field(String value, String place) {

    /** An error about this field: {@code PLACE: PROBLEM; FIX}. */
    public IllegalArgumentException error(String problem, String fix) {
        return new IllegalArgumentException(place + ": " + problem + (fix.isEmpty() ? "" : "; " + fix));
    }

    /** The value as shown in an error: quoted, and cut after 60 characters. */
    public String quoted() {
        return "'" + (value.length() > 60 ? value.substring(0, 60) + "..." : value) + "'";
    }
}
