package dev.arus.engine.expr.calendar;

/**
 * The calendar fields of a day since the epoch in the proleptic Gregorian calendar, as Spark's
 * {@code year}, {@code month}, {@code weekofyear} and friends give them, computed with Howard
 * Hinnant's days-from-civil algorithms so that no date object is made per row. Stateless.
 */
public final class CivilDays {

    private static final int DAYS_FROM_0000_03_01_TO_EPOCH = 719_468;
    private static final int DAYS_PER_ERA = 146_097;

    private CivilDays() {
    }

    public static int year(long days) {
        long z = days + DAYS_FROM_0000_03_01_TO_EPOCH;
        long era = Math.floorDiv(z, DAYS_PER_ERA);
        long dayOfEra = z - era * DAYS_PER_ERA;
        long yearOfEra = yearOfEra(dayOfEra);
        long dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100);
        long shiftedMonth = (5 * dayOfYear + 2) / 153;
        return (int) (yearOfEra + era * 400 + (shiftedMonth >= 10 ? 1 : 0));
    }

    public static int month(long days) {
        long dayOfEra = Math.floorMod(days + DAYS_FROM_0000_03_01_TO_EPOCH, DAYS_PER_ERA);
        long yearOfEra = yearOfEra(dayOfEra);
        long dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100);
        long shiftedMonth = (5 * dayOfYear + 2) / 153;
        return (int) (shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9);
    }

    public static int dayOfMonth(long days) {
        long dayOfEra = Math.floorMod(days + DAYS_FROM_0000_03_01_TO_EPOCH, DAYS_PER_ERA);
        long yearOfEra = yearOfEra(dayOfEra);
        long dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100);
        long shiftedMonth = (5 * dayOfYear + 2) / 153;
        return (int) (dayOfYear - (153 * shiftedMonth + 2) / 5 + 1);
    }

    /** 1 for the first of January. */
    public static int dayOfYear(long days) {
        return (int) (days - firstOfJanuary(year(days)) + 1);
    }

    /** 1 for Sunday to 7 for Saturday, Spark's {@code dayofweek}. */
    public static int dayOfWeek(long days) {
        return (int) Math.floorMod(days + 4, 7) + 1;
    }

    /** 1 for Monday to 7 for Sunday, ISO 8601's numbering. */
    public static int isoDayOfWeek(long days) {
        return (int) Math.floorMod(days + 3, 7) + 1;
    }

    /** The ISO 8601 week of the week-based year, 1 to 53: weeks start on Monday, week 1 holds the first Thursday. */
    public static int isoWeek(long days) {
        long thursday = thursdayOfWeek(days);
        return (int) ((thursday - firstOfJanuary(year(thursday))) / 7 + 1);
    }

    /** The ISO 8601 week-based year: the year of the week's Thursday. */
    public static int isoWeekYear(long days) {
        return year(thursdayOfWeek(days));
    }

    private static long thursdayOfWeek(long days) {
        return days - isoDayOfWeek(days) + 4;
    }

    private static long yearOfEra(long dayOfEra) {
        return (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146096) / 365;
    }

    /** The day of a valid civil date: Hinnant's days-from-civil. */
    public static long daysOf(long year, int month, int day) {
        long y = month <= 2 ? year - 1 : year;
        long era = Math.floorDiv(y, 400);
        long yearOfEra = y - era * 400;
        long dayOfYear = (153L * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1;
        long dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear;
        return era * DAYS_PER_ERA + dayOfEra - DAYS_FROM_0000_03_01_TO_EPOCH;
    }

    public static int lengthOfMonth(long year, int month) {
        return switch (month) {
            case 2 -> isLeapYear(year) ? 29 : 28;
            case 4, 6, 9, 11 -> 30;
            default -> 31;
        };
    }

    static boolean isLeapYear(long year) {
        return (year & 3) == 0 && (year % 100 != 0 || year % 400 == 0);
    }

    /** The last day of the month {@code day} falls in. */
    public static long lastDayOfMonth(long day) {
        int year = year(day);
        int month = month(day);
        return daysOf(year, month, lengthOfMonth(year, month));
    }

    /** The day of the first of January of {@code year}. */
    public static long firstOfJanuary(long year) {
        long y = year - 1;
        long era = Math.floorDiv(y, 400);
        long yearOfEra = y - era * 400;
        // the first of January is day 306 of the year that starts on the previous first of March
        long dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + 306;
        return era * DAYS_PER_ERA + dayOfEra - DAYS_FROM_0000_03_01_TO_EPOCH;
    }
}
