package io.dicehall.web.tables.control;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.nullValue;

import io.dicehall.api.form.Form;
import io.dicehall.api.state.MoveOption;
import io.dicehall.api.state.Outcome;
import io.dicehall.api.state.RollState;
import io.dicehall.web.tables.entity.Ending;
import java.time.LocalDateTime;
import org.junit.jupiter.api.Test;

/** When a roll's moves end by themselves, and how the end is told. */
class EndingsTest {

    private static final LocalDateTime T = LocalDateTime.of(2026, 11, 26, 20, 0, 0);

    private static RollState open() {
        return RollState.builder().step("start", "Thrown").outcome(Outcome.of("success", "Success", io.dicehall.api.state.Tone.values()[0]))
                .move(MoveOption.of("stop", "Stop", Form.EMPTY)).complete(false).build();
    }

    private static RollState complete() {
        return RollState.builder().step("start", "Thrown").outcome(Outcome.of("success", "Success", io.dicehall.api.state.Tone.values()[0])).complete().build();
    }

    @Test
    void aRollIsIdleOnceItsIdleTimeHasPassedAndNotBefore() {
        assertThat(Endings.idle(T, 30, T.plusSeconds(29)), is(false));
        assertThat(Endings.idle(T, 30, T.plusSeconds(30)), is(true));
        assertThat(Endings.idle(T, 1800, T.plusMinutes(31)), is(true));
        assertThat("a roll with no time of its last step never ends by itself", Endings.idle(null, 5, T), is(false));
    }

    @Test
    void theWordTellsWhyTheMovesEnded() {
        assertThat("open moves: not ended", Endings.word(null, open()), is(nullValue()));
        assertThat("no move left: stopped", Endings.word(null, complete()), is("stopped"));
        assertThat(Endings.word(Ending.IDLE, open()), is("idle"));
        assertThat(Endings.word(Ending.SUPERSEDED, open()), is("superseded"));
        assertThat(Endings.word(Ending.GM, open()), is("gm"));
    }

    @Test
    void anEndedRollIsShownWithItsLastStateAndNoOpenMove() {
        RollState shown = Endings.shown(Ending.IDLE, open());
        assertThat(shown.moves(), is(empty()));
        assertThat(shown.complete(), is(true));
        assertThat(shown.outcome().id(), is("success"));
        assertThat("an open roll keeps its moves", Endings.shown(null, open()).moves(), is(not(empty())));
    }
}
