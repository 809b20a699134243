package dev.arus.engine.expr.sql;

import dev.arus.engine.data.DayTimeIntervalType.IntervalField;
import dev.arus.engine.data.DayTimeIntervalType;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The values of Spark's interval literals, as {@code AstBuilder.visitInterval} reads them with
 * the legacy interval type off (Spark 3.2+): {@code INTERVAL '1' DAY}, {@code INTERVAL 1 DAY 2
 * HOURS} and {@code INTERVAL '1 day 2 hours'} are day-time intervals whose fields run from the
 * largest unit given to the smallest (a week is days, a millisecond or microsecond seconds);
 * {@code INTERVAL '1 02:03:04.5' DAY TO SECOND} reads the ANSI form of its fields. Only seconds
 * take a fraction. Year-month intervals are refused: Arus has no calendar arithmetic yet. Errors
 * are {@link IllegalArgumentException}s whose message the parser reports with the position.
 */
final class IntervalLiterals {

    private static final long MICROS_PER_DAY = IntervalField.DAY.micros();
    private static final long MICROS_PER_SECOND = IntervalField.SECOND.micros();

    private static final Pattern NUMBER = Pattern.compile("([+-]?)(\\d*)(?:\\.(\\d*))?");
    private static final Pattern SECONDS = Pattern.compile("(\\d+)(?:\\.(\\d{1,9}))?");

    /** An interval literal's value and type. */
    record Value(long micros, DayTimeIntervalType type) {
    }

    /** A number and its unit as written, such as {@code -1} and {@code HOURS}. */
    record Part(String number, String unit) {
    }

    private IntervalLiterals() {
    }

    /** {@code INTERVAL 1 DAY 2 HOURS}: the sum of the parts. */
    static Value ofParts(List<Part> parts) {
        long micros = 0;
        IntervalField largest = null;
        IntervalField smallest = null;
        for (Part part : parts) {
            String unit = part.unit().toLowerCase(Locale.ROOT);
            unit = unit.endsWith("s") ? unit.substring(0, unit.length() - 1) : unit;
            IntervalField field = switch (unit) {
                case "week", "day" -> IntervalField.DAY;
                case "hour" -> IntervalField.HOUR;
                case "minute" -> IntervalField.MINUTE;
                case "second", "millisecond", "microsecond" -> IntervalField.SECOND;
                case "year", "month" -> throw new IllegalArgumentException("year-month intervals such as '"
                        + part.number() + " " + part.unit() + "' are not supported: Arus has day-time intervals"
                        + " only (days, hours, minutes, seconds)");
                default -> throw new IllegalArgumentException("invalid unit '" + part.unit() + "'");
            };
            long unitMicros = switch (unit) {
                case "week" -> 7 * MICROS_PER_DAY;
                case "millisecond" -> 1000;
                case "microsecond" -> 1;
                default -> field.micros();
            };
            micros = Math.addExact(micros, micros(part.number(), unitMicros, unit.equals("second"), part));
            largest = largest == null || field.compareTo(largest) < 0 ? field : largest;
            smallest = smallest == null || field.compareTo(smallest) > 0 ? field : smallest;
        }
        if (largest == null) {
            throw new IllegalArgumentException("an interval needs at least one value and unit");
        }
        return new Value(micros, new DayTimeIntervalType(largest, smallest));
    }

    private static long micros(String number, long unitMicros, boolean fractionAllowed, Part part) {
        Matcher match = NUMBER.matcher(number);
        if (!match.matches() || match.group(2).isEmpty() && (match.group(3) == null || match.group(3).isEmpty())) {
            throw new IllegalArgumentException("'" + number + "' is not a number of " + part.unit());
        }
        boolean fractional = match.group(3) != null;
        if (fractional && !fractionAllowed) {
            throw new IllegalArgumentException("'" + number + " " + part.unit()
                    + "' has a fractional part, which only seconds may have");
        }
        try {
            BigDecimal value = new BigDecimal(number).multiply(BigDecimal.valueOf(unitMicros));
            // Spark keeps whole microseconds and drops finer digits
            return value.setScale(0, RoundingMode.DOWN).longValueExact();
        } catch (ArithmeticException e) {
            throw new IllegalArgumentException("'" + number + " " + part.unit() + "' is out of the range of an"
                    + " interval");
        }
    }

    /** {@code INTERVAL '1 day 2 hours'}: the parts are in the text, optionally after the word {@code interval}. */
    static Value ofText(String text) {
        String[] words = text.trim().split("\\s+");
        int first = words.length > 0 && words[0].equalsIgnoreCase("interval") ? 1 : 0;
        if ((words.length - first) % 2 != 0 || words.length == first) {
            throw new IllegalArgumentException("'" + text + "' is not an interval such as '1 day 2 hours'");
        }
        List<Part> parts = new ArrayList<>();
        for (int i = first; i < words.length; i += 2) {
            parts.add(new Part(words[i], words[i + 1]));
        }
        return ofParts(parts);
    }

    /**
     * {@code '1 02:03:04.5'} read as the fields from {@code from} to {@code to}, the leading one
     * of any size and the others within their ranges; a sign inside the text and {@code negated}
     * (a minus before it) multiply.
     */
    static Value ofFields(String text, boolean negated, IntervalField from, IntervalField to) {
        String body = text.trim();
        boolean negative = negated;
        if (body.startsWith("-") || body.startsWith("+")) {
            negative ^= body.charAt(0) == '-';
            body = body.substring(1);
        }
        String[] parts = body.split("[ :]", -1);
        int expected = to.ordinal() - from.ordinal() + 1;
        String separators = body.replaceAll("[^ :]", "");
        String wanted = from == IntervalField.DAY && to != IntervalField.DAY ? " " + ":".repeat(expected - 2)
                : ":".repeat(expected - 1);
        if (parts.length != expected || !separators.equals(wanted)) {
            throw new IllegalArgumentException("'" + text + "' does not match the form of INTERVAL " + from
                    + (from == to ? "" : " TO " + to) + ": " + form(from, to));
        }
        long micros = 0;
        for (int i = 0; i < expected; i++) {
            IntervalField field = IntervalField.values()[from.ordinal() + i];
            micros = Math.addExact(micros, fieldMicros(parts[i], field, i == 0, text));
        }
        return new Value(negative ? -micros : micros, new DayTimeIntervalType(from, to));
    }

    private static long fieldMicros(String digits, IntervalField field, boolean leading, String text) {
        try {
            if (field == IntervalField.SECOND) {
                Matcher match = SECONDS.matcher(digits);
                if (!match.matches()) {
                    throw new NumberFormatException(digits);
                }
                long seconds = Long.parseLong(match.group(1));
                String fraction = match.group(2) == null ? "" : match.group(2);
                long micros = Long.parseLong((fraction + "000000000").substring(0, 6));
                if (!leading && seconds > 59) {
                    throw new IllegalArgumentException("second " + seconds + " of '" + text + "' is outside 0..59");
                }
                return Math.addExact(Math.multiplyExact(seconds, MICROS_PER_SECOND), micros);
            }
            if (!digits.chars().allMatch(Character::isDigit) || digits.isEmpty()) {
                throw new NumberFormatException(digits);
            }
            long value = Long.parseLong(digits);
            long limit = field == IntervalField.HOUR ? 23 : 59;
            if (!leading && value > limit) {
                throw new IllegalArgumentException(field.name().toLowerCase(Locale.ROOT) + " " + value + " of '"
                        + text + "' is outside 0.." + limit);
            }
            return Math.multiplyExact(value, field.micros());
        } catch (NumberFormatException | ArithmeticException e) {
            throw new IllegalArgumentException("'" + digits + "' in '" + text + "' is not a valid "
                    + field.name().toLowerCase(Locale.ROOT) + " count");
        }
    }

    private static String form(IntervalField from, IntervalField to) {
        StringBuilder form = new StringBuilder("[+|-]");
        for (int i = from.ordinal(); i <= to.ordinal(); i++) {
            IntervalField field = IntervalField.values()[i];
            if (i > from.ordinal()) {
                form.append(field == IntervalField.HOUR ? " " : ":");
            }
            form.append(switch (field) {
                case DAY -> "d";
                case HOUR -> "h";
                case MINUTE -> "m";
                case SECOND -> "s[.nnnnnn]";
            });
        }
        return form.toString();
    }
}
