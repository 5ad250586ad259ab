package io.dicehall.web.webhooks.control;

import java.time.Duration;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Optional;

/**
 * When a failed post is tried again: after {@code base}, then twice as long after each failure, never longer
 * than {@code most} between tries, and not at all once {@code giveUpAfter} has passed since the first try.
 * A receiver's {@code Retry-After} (a 429 or 503) takes the place of the schedule's wait, up to
 * {@link #MOST_RETRY_AFTER}.
 */
public record Backoff(Duration base, Duration most, Duration giveUpAfter) {

    /** The longest a {@code Retry-After} is honoured; a longer one waits this long. */
    public static final Duration MOST_RETRY_AFTER = Duration.ofHours(1);

    public Backoff {
        if (base.isNegative() || base.isZero() || most.compareTo(base) < 0 || giveUpAfter.isNegative()) {
            throw new IllegalArgumentException("a backoff needs 0 < base <= most and giveUpAfter >= 0");
        }
    }

    /**
     * @param failures how many tries failed so far, at least 1
     * @return how long to wait before the next try
     */
    public Duration after(int failures) {
        int doublings = Math.min(Math.max(failures, 1) - 1, 30);
        long millis = base.toMillis() << doublings;
        return millis <= 0 || millis > most.toMillis() ? most : Duration.ofMillis(millis);
    }

    /**
     * @param sinceFirstTry how long ago the first try was made
     * @param wait the wait before the next try
     * @return whether to try again after {@code wait}, rather than give up
     */
    public boolean tryAgain(Duration sinceFirstTry, Duration wait) {
        return sinceFirstTry.plus(wait).compareTo(giveUpAfter) <= 0;
    }

    /**
     * Reads a {@code Retry-After} header: seconds (Discord's may have a fraction) or an HTTP date.
     *
     * @param now for an HTTP date
     * @return the wait it asks for, at most {@link #MOST_RETRY_AFTER}; empty when absent or unreadable
     */
    public static Optional<Duration> retryAfter(String header, ZonedDateTime now) {
        if (header == null || header.isBlank()) {
            return Optional.empty();
        }
        String value = header.strip();
        Duration wait;
        try {
            double seconds = Double.parseDouble(value);
            if (!(seconds >= 0) || Double.isInfinite(seconds)) {
                return Optional.empty();
            }
            wait = seconds > MOST_RETRY_AFTER.toSeconds() ? MOST_RETRY_AFTER : Duration.ofMillis(Math.round(seconds * 1000));
        } catch (NumberFormatException notSeconds) {
            try {
                wait = Duration.between(now, ZonedDateTime.parse(value, DateTimeFormatter.RFC_1123_DATE_TIME));
            } catch (DateTimeParseException notADate) {
                return Optional.empty();
            }
            if (wait.isNegative()) {
                wait = Duration.ZERO;
            }
        }
        return Optional.of(wait.compareTo(MOST_RETRY_AFTER) > 0 ? MOST_RETRY_AFTER : wait);
    }
}
