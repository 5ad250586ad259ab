package io.dicehall.web.webhooks.control;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.is;

import java.time.Duration;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.Optional;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** The retry schedule: doubling from the base, capped, given up after a bounded time; Retry-After honoured. */
class BackoffTest {

    private final Backoff backoff = new Backoff(Duration.ofSeconds(2), Duration.ofMinutes(10), Duration.ofHours(6));

    @Test
    void doublesFromTheBaseUpToTheCap() {
        assertThat(IntStream.rangeClosed(1, 12).mapToObj(backoff::after).map(Duration::toSeconds).toList(),
                is(java.util.List.of(2L, 4L, 8L, 16L, 32L, 64L, 128L, 256L, 512L, 600L, 600L, 600L)));
        assertThat("never overflows", backoff.after(10_000), is(Duration.ofMinutes(10)));
    }

    @Test
    void givesUpOnceTheNextTryWouldFallAfterTheBound() {
        assertThat(backoff.tryAgain(Duration.ofHours(5), Duration.ofMinutes(10)), is(true));
        assertThat(backoff.tryAgain(Duration.ofHours(6).minusMinutes(5), Duration.ofMinutes(10)), is(false));
        // The whole schedule from a first failure: how many tries fit in six hours.
        Duration elapsed = Duration.ZERO;
        int tries = 1;
        while (backoff.tryAgain(elapsed, backoff.after(tries))) {
            elapsed = elapsed.plus(backoff.after(tries));
            tries++;
        }
        assertThat(elapsed.compareTo(Duration.ofHours(6)) <= 0, is(true));
        // 2 + 4 + … + 512 s = 1,022 s over the first nine waits, then 34 waits of 600 s fit: 44 tries in all.
        assertThat(tries, is(44));
    }

    @Test
    void readsRetryAfterInSecondsWithFractionsOrAsADate() {
        ZonedDateTime now = ZonedDateTime.of(2026, 11, 26, 12, 0, 0, 0, ZoneOffset.UTC);
        assertThat(Backoff.retryAfter("3", now), is(Optional.of(Duration.ofSeconds(3))));
        assertThat(Backoff.retryAfter(" 1.25 ", now), is(Optional.of(Duration.ofMillis(1250))));
        assertThat(Backoff.retryAfter("Thu, 26 Nov 2026 12:00:30 GMT", now), is(Optional.of(Duration.ofSeconds(30))));
        assertThat("a date past is now", Backoff.retryAfter("Thu, 26 Nov 2026 11:00:00 GMT", now),
                is(Optional.of(Duration.ZERO)));
        assertThat("capped", Backoff.retryAfter("999999", now), is(Optional.of(Backoff.MOST_RETRY_AFTER)));
        assertThat(Backoff.retryAfter("soon", now), is(Optional.empty()));
        assertThat(Backoff.retryAfter("-4", now), is(Optional.empty()));
        assertThat(Backoff.retryAfter("NaN", now), is(Optional.empty()));
        assertThat(Backoff.retryAfter(null, now), is(Optional.empty()));
    }
}
