package io.dicehall.web.tables.control;

import io.dicehall.api.form.Violation;
import io.dicehall.web.platform.Refusal;
import io.dicehall.web.tables.control.LogExport.Range;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;

/** The range of an export as a request names it: roll numbers from 1, and ISO dates or date-times (UTC). */
final class ExportRange {

    private ExportRange() {
    }

    /** @return a range checked: numbers from 1, times as ISO dates or date-times (UTC) */
    static Range of(String from, String to, String since, String until) {
        var violations = new ArrayList<Violation>();
        long f = number(from, "from", violations, 1);
        long t = number(to, "to", violations, Long.MAX_VALUE);
        LocalDateTime s = time(since, "since", violations, false);
        LocalDateTime u = time(until, "until", violations, true);
        if (!violations.isEmpty()) {
            throw Refusal.violated(Refusal.Kind.INVALID, "invalid-input", "Invalid input", "The export's range is not readable.", "",
                    violations);
        }
        return new Range(f, t, s, u);
    }

    private static long number(String text, String name, List<Violation> violations, long absent) {
        if (text == null || text.isEmpty()) {
            return absent;
        }
        try {
            long n = Long.parseLong(text);
            if (n >= 1) {
                return n;
            }
        } catch (NumberFormatException notANumber) {
            // named below
        }
        violations.add(new Violation(name, "must be a roll number, a whole number from 1"));
        return absent;
    }

    /** The earliest and latest times a range may name: what the store keeps, with room either side. */
    static final LocalDateTime EARLIEST = LocalDateTime.of(1, 1, 1, 0, 0);
    static final LocalDateTime LATEST = LocalDateTime.of(9999, 12, 31, 23, 59, 59, 999_999_999);

    private static LocalDateTime time(String text, String name, List<Violation> violations,
            boolean endOfDay) {
        if (text == null || text.isEmpty()) {
            return null;
        }
        LocalDateTime time = parsed(text, endOfDay);
        if (time == null) {
            violations.add(new Violation(name,
                    "must be a date (2026-11-24) or a date and time (2026-11-24T20:00:00Z)"));
        } else if (time.isBefore(EARLIEST) || time.isAfter(LATEST)) {
            violations.add(new Violation(name, "must lie between the years 1 and 9999"));
            return null;
        }
        return time;
    }

    /** @return a date or date-time read as UTC, or null when it is not one (or lies beyond what a time can hold) */
    private static LocalDateTime parsed(String text, boolean endOfDay) {
        try {
            if (text.length() == 10) {
                var day = java.time.LocalDate.parse(text);
                return endOfDay ? day.atTime(23, 59, 59, 999_999_999) : day.atStartOfDay();
            }
            return java.time.OffsetDateTime.parse(text).withOffsetSameInstant(java.time.ZoneOffset.UTC).toLocalDateTime();
        } catch (java.time.format.DateTimeParseException notATime) {
            try {
                return LocalDateTime.parse(text);
            } catch (java.time.format.DateTimeParseException stillNot) {
                return null;
            }
        } catch (java.time.DateTimeException beyond) {
            // +999999999-12-31T23:59:59-18:00 is read, but lies past the last instant a time can hold
            return LocalDateTime.MAX;
        }
    }
}
