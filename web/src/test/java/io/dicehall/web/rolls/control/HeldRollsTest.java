package io.dicehall.web.rolls.control;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.nullValue;
import static org.hamcrest.Matchers.sameInstance;

import io.dicehall.api.form.Inputs;
import io.dicehall.api.state.Outcome;
import io.dicehall.api.state.Tone;
import io.dicehall.web.platform.BoundedMap;
import io.dicehall.api.state.RollState;
import io.dicehall.web.rolls.entity.Roll;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * Rolls held on a lone instance ({@link RollStore}, in a {@link BoundedMap}): bounded, least recently used first
 * out, expired on time, swapped only if still the very roll that was read.
 */
class HeldRollsTest {

    private final AtomicLong now = new AtomicLong(1_000);

    private static Roll roll(String id) {
        RollState state = RollState.builder().tally("successes", "Successes", 1)
                .outcome(new Outcome("pass", "Pass", Tone.GOOD, "")).step("start", "Rolled").build();
        return new Roll(id, "s", "p", Inputs.NONE, null, Instant.EPOCH, new byte[32], List.of(state));
    }

    @Test
    void theLeastRecentlyUsedRollLeavesFirstWhenFull() {
        BoundedMap<Roll> held = new BoundedMap<>(2, 100, now::get);
        Roll a = roll("a");
        Roll b = roll("b");
        held.put("a", a);
        held.put("b", b);
        assertThat(held.get("a"), sameInstance(a)); // a is now the most recently used
        held.put("c", roll("c"));
        assertThat(held.get("b"), nullValue());
        assertThat(held.get("a"), sameInstance(a));
        assertThat(held.values().stream().map(Roll::id).toList(), contains("c", "a"));
    }

    @Test
    void aRollExpiresItsTimeAfterItWasLastWritten() {
        BoundedMap<Roll> held = new BoundedMap<>(10, 100, now::get);
        Roll a = roll("a");
        held.put("a", a);
        now.addAndGet(99);
        Roll moved = roll("a");
        assertThat(held.replace("a", a, moved), is(true)); // written again: another 100 from here
        now.addAndGet(99);
        assertThat(held.get("a"), sameInstance(moved));
        now.addAndGet(1);
        assertThat(held.get("a"), nullValue());
        assertThat(held.isEmpty(), is(true));
    }

    @Test
    void aRollIsReplacedOnlyIfItIsStillTheOneThatWasRead() {
        BoundedMap<Roll> held = new BoundedMap<>(10, 100, now::get);
        Roll read = roll("a");
        held.put("a", read);
        Roll first = roll("a");
        assertThat(held.replace("a", read, first), is(true));
        assertThat("a second move from the same read loses", held.replace("a", read, roll("a")), is(false));
        assertThat(held.get("a"), sameInstance(first));
        held.remove("a", read); // not the one held: stays
        assertThat(held.get("a"), sameInstance(first));
        held.remove("a", first);
        assertThat(held.get("a"), nullValue());
    }
}
