package io.dicehall.web.platform;

import io.dicehall.web.platform.http.ClientLimitsFilter;
import io.dicehall.web.platform.http.Problem;
import io.dicehall.web.platform.http.ProblemMappers;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.is;

import jakarta.ws.rs.core.Response;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** One address opens so many tables a minute and holds so many streams; others are not held back by it. */
class ClientLimitsTest {

    @Test
    void tablesPerMinuteAreCountedPerAddressAndTheMinuteEnds() {
        var now = new AtomicLong(1_000);
        var limits = new ClientLimits(now::get, 3, 2);
        for (int i = 0; i < 3; i++) {
            assertThat(limits.waitToOpen("10.0.0.1"), is(0L));
            limits.opened("10.0.0.1");
        }
        assertThat("the fourth in the minute waits for the minute's end", limits.waitToOpen("10.0.0.1"), is(60L));
        now.addAndGet(TimeUnit.SECONDS.toNanos(45));
        assertThat(limits.waitToOpen("10.0.0.1"), is(15L));
        assertThat("another address is not held back", limits.waitToOpen("10.0.0.2"), is(0L));
        now.addAndGet(TimeUnit.SECONDS.toNanos(15));
        assertThat("a new minute", limits.waitToOpen("10.0.0.1"), is(0L));
        limits.opened("10.0.0.1");
        assertThat(limits.waitToOpen("10.0.0.1"), is(0L));
    }

    @Test
    void streamsAreHeldToTheMostPerAddress() {
        var limits = new ClientLimits(System::nanoTime, 3, 2);
        assertThat(limits.mayStream(0), is(true));
        assertThat(limits.mayStream(1), is(true));
        assertThat(limits.mayStream(2), is(false));
    }

    @Test
    void rollsASecondAreCountedPerRollerAndTheSecondEnds() {
        var now = new AtomicLong(5_000);
        var limits = new ClientLimits(now::get, 3, 2, 4, 2);
        limits.roll("member a");
        limits.roll("member a");
        Refusal third = org.junit.jupiter.api.Assertions.assertThrows(Refusal.class, () -> limits.roll("member a"));
        assertThat(third.kind(), is(Refusal.Kind.TOO_MANY));
        assertThat(third.retryAfterSeconds(), is(1L));
        Response answer = new ProblemMappers.Refused().toResponse(third);
        assertThat(answer.getStatus(), is(429));
        assertThat(answer.getHeaderString("Retry-After"), is("1"));
        assertThat(((Problem) answer.getEntity()).type(), is("/problems/too-many-requests"));
        limits.roll("member b"); // another roller is not held back
        now.addAndGet(TimeUnit.MILLISECONDS.toNanos(999));
        org.junit.jupiter.api.Assertions.assertThrows(Refusal.class, () -> limits.roll("member a"));
        now.addAndGet(TimeUnit.MILLISECONDS.toNanos(1));
        limits.roll("member a"); // a new second
    }

    @Test
    void zeroTurnsTheRollAndSeatLimitsOff() {
        var limits = new ClientLimits(System::nanoTime, 3, 2, 0, 0);
        for (int i = 0; i < 1000; i++) {
            limits.roll("member a");
        }
        limits.seat(100_000);
    }

    @Test
    void aTableSeatsAtMostTheLimit() {
        var limits = new ClientLimits(System::nanoTime, 3, 2, 4, 2);
        limits.seat(3);
        Refusal full = org.junit.jupiter.api.Assertions.assertThrows(Refusal.class, () -> limits.seat(4));
        Response answer = new ProblemMappers.Refused().toResponse(full);
        assertThat(answer.getStatus(), is(429));
        assertThat(answer.getHeaderString("Retry-After"), is("60"));
        assertThat(full.detail(), org.hamcrest.Matchers.containsString("seats 4 members"));
    }

    @Test
    void theRefusalSaysWhenToComeBack() {
        Response refused = ClientLimitsFilter.tooMany(15, "wait");
        assertThat(refused.getStatus(), is(429));
        assertThat(refused.getHeaderString("Retry-After"), is("15"));
        assertThat(refused.getMediaType().toString(), is("application/problem+json"));
        assertThat(((Problem) refused.getEntity()).type(), is("/problems/too-many-requests"));
    }
}
