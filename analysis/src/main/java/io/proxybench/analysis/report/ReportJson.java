package io.proxybench.analysis.report;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.Map;

/**
 * How every command's {@code --json} output is written: one object per line, snake_case names throughout, and every
 * fractional number rounded to what it means: at most {@value #DECIMALS} decimals (milliseconds to the microsecond,
 * shares to 0.1%, rates and bytes to a thousandth), and a number under 0.1 to {@value #DECIMALS} significant digits
 * (a cost of 0.0124, a share of 0.00125), never a binary float's tail such as {@code 25.764281999999998}; a number
 * that is not finite is written as null.
 */
public final class ReportJson {

    /** The most decimals a fractional number of a report carries. */
    public static final int DECIMALS = 3;

    /**
     * Thread-safe once built; fields without an explicit name are written in snake_case too. Its tree keeps a rounded
     * number as written ({@code 40}, not the {@code 4E+1} a normalizing node factory makes of it), so a value written
     * through a tree ({@link #write(Object, Map)}) reads as the same one written alone.
     */
    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .nodeFactory(JsonNodeFactory.withExactBigDecimals(true))
            .propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
            .addModule(new SimpleModule().addSerializer(Double.class, new Rounded()).addSerializer(double.class,
                    new Rounded()))
            .build();

    private ReportJson() {}

    /** {@code value} as one line of JSON. */
    public static String write(Object value) {
        try {
            return MAPPER.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write " + value.getClass().getSimpleName() + " as JSON", e);
        }
    }

    /**
     * {@code value}'s object with {@code more} fields after its own, as one line of JSON: what a command knows
     * beside a library's result (e.g. which file it wrote).
     */
    public static String write(Object value, Map<String, ?> more) {
        ObjectNode object = MAPPER.valueToTree(value);
        more.forEach((name, field) -> object.set(name, MAPPER.valueToTree(field)));
        return write(object);
    }

    /**
     * {@code value} rounded half-even to {@link #DECIMALS} decimals, or to {@link #DECIMALS} significant digits when
     * it is under 0.1, without trailing zeros.
     */
    public static BigDecimal round(double value) {
        BigDecimal exact = BigDecimal.valueOf(value);
        BigDecimal rounded = Math.abs(value) < 0.1 && value != 0
                ? exact.round(new MathContext(DECIMALS, RoundingMode.HALF_EVEN))
                : exact.setScale(DECIMALS, RoundingMode.HALF_EVEN);
        rounded = rounded.stripTrailingZeros();
        return rounded.scale() < 0 ? rounded.setScale(0) : rounded;
    }

    private static final class Rounded extends StdSerializer<Double> {
        private static final long serialVersionUID = 1L;

        Rounded() {
            super(Double.class);
        }

        @Override
        public void serialize(Double value, JsonGenerator out, SerializerProvider provider) throws IOException {
            if (value.isNaN() || value.isInfinite()) {
                out.writeNull();
            } else {
                out.writeNumber(round(value));
            }
        }
    }
}
