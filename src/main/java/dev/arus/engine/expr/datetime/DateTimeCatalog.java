package dev.arus.engine.expr.datetime;

import dev.arus.engine.expr.bind.ScalarFunction;
import java.util.List;

/**
 * The date and time functions: the current time, calendar fields, arithmetic on days and months,
 * formatting and parsing, conversions from and to the epoch and between zones, as {@code
 * FunctionRegistry} registers them: one entry each, with the binding that lives with the
 * function's own class. Adding a function of this family is one class plus one line here.
 */
public final class DateTimeCatalog {

    public static final List<ScalarFunction> FUNCTIONS = List.of(
            new ScalarFunction("add_months", 2, 2, DateArithmetic::bindAddMonths),
            new ScalarFunction("current_date", 0, 0, CurrentDate::bind),
            new ScalarFunction("current_timestamp", 0, 0, CurrentTimestamp::bind),
            new ScalarFunction("date_add", 2, 2, DateArithmetic::bindDateAdd),
            new ScalarFunction("date_format", 2, 2, DateFormat::bind),
            new ScalarFunction("date_from_unix_date", 1, 1,
                    EpochUnits.binding(EpochUnits.Conversion.DATE_FROM_UNIX_DATE)),
            new ScalarFunction("date_sub", 2, 2, DateArithmetic::bindDateSub),
            new ScalarFunction("date_trunc", 2, 2, DateTruncation::bindDateTrunc),
            new ScalarFunction("datediff", 2, 2, DateArithmetic::bindDateDiff),
            new ScalarFunction("day", 1, 1, DatePart.function("day", DatePart.Part.DAY)),
            new ScalarFunction("dayofmonth", 1, 1, DatePart.function("dayofmonth", DatePart.Part.DAY)),
            new ScalarFunction("dayofweek", 1, 1, DatePart.function("dayofweek", DatePart.Part.DAYOFWEEK)),
            new ScalarFunction("dayofyear", 1, 1, DatePart.function("dayofyear", DatePart.Part.DOY)),
            new ScalarFunction("from_unixtime", 1, 2, DateFormat::bindFromUnixTime),
            new ScalarFunction("from_utc_timestamp", 2, 2, UtcShift::bindFromUtc),
            new ScalarFunction("hour", 1, 1, DatePart.function("hour", DatePart.Part.HOUR)),
            new ScalarFunction("last_day", 1, 1, LastDay::bind),
            new ScalarFunction("make_date", 3, 3, MakeDate::bind),
            new ScalarFunction("make_timestamp", 6, 7, MakeTimestamp::bind),
            new ScalarFunction("minute", 1, 1, DatePart.function("minute", DatePart.Part.MINUTE)),
            new ScalarFunction("month", 1, 1, DatePart.function("month", DatePart.Part.MONTH)),
            new ScalarFunction("months_between", 2, 3, MonthsBetween::bind),
            new ScalarFunction("next_day", 2, 2, NextDay::bind),
            new ScalarFunction("quarter", 1, 1, DatePart.function("quarter", DatePart.Part.QUARTER)),
            new ScalarFunction("second", 1, 1, DatePart.function("second", DatePart.Part.WHOLE_SECOND)),
            new ScalarFunction("timestamp_micros", 1, 1, EpochUnits.binding(EpochUnits.Conversion.TIMESTAMP_MICROS)),
            new ScalarFunction("timestamp_millis", 1, 1, EpochUnits.binding(EpochUnits.Conversion.TIMESTAMP_MILLIS)),
            new ScalarFunction("timestamp_seconds", 1, 1, SecondsToTimestamp::bind),
            new ScalarFunction("to_date", 1, 2, ParseTimestamp::bindToDate),
            new ScalarFunction("to_timestamp", 1, 2, ParseTimestamp::bindToTimestamp),
            new ScalarFunction("to_utc_timestamp", 2, 2, UtcShift::bindToUtc),
            new ScalarFunction("trunc", 2, 2, DateTruncation::bindTrunc),
            new ScalarFunction("unix_date", 1, 1, EpochUnits.binding(EpochUnits.Conversion.UNIX_DATE)),
            new ScalarFunction("unix_micros", 1, 1, EpochUnits.binding(EpochUnits.Conversion.UNIX_MICROS)),
            new ScalarFunction("unix_millis", 1, 1, EpochUnits.binding(EpochUnits.Conversion.UNIX_MILLIS)),
            new ScalarFunction("unix_seconds", 1, 1, EpochUnits.binding(EpochUnits.Conversion.UNIX_SECONDS)),
            new ScalarFunction("unix_timestamp", 0, 2, ParseTimestamp::bindUnixTimestamp),
            new ScalarFunction("weekday", 1, 1, DatePart.function("weekday", DatePart.Part.WEEKDAY)),
            new ScalarFunction("weekofyear", 1, 1, DatePart.function("weekofyear", DatePart.Part.WEEK)),
            new ScalarFunction("window_time", 1, 1, WindowTime::bind),
            new ScalarFunction("year", 1, 1, DatePart.function("year", DatePart.Part.YEAR)));

    private DateTimeCatalog() {
    }
}
