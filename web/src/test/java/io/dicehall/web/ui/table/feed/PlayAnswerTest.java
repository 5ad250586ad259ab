package io.dicehall.web.ui.table.feed;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.is;

import io.dicehall.api.form.Form;
import io.dicehall.api.state.MoveOption;
import io.dicehall.api.state.Outcome;
import io.dicehall.api.state.RollState;
import io.dicehall.api.state.Tone;
import io.dicehall.web.tables.control.TableEvent;
import io.dicehall.web.ui.faces.Labels;
import io.dicehall.web.ui.roll.RollCard;
import java.time.LocalDateTime;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Which rows a play's answer also draws for the other members' pages, and how those rows treat them. */
class PlayAnswerTest {

    private static final Labels LABELS = Labels.of(Locale.ENGLISH);

    /** A roll with a move open, as the member {@code by} sees it when {@code mine}. */
    private static RollCard card(String visibility, String by, boolean mine) {
        RollState open = RollState.builder().step("start", "Thrown").outcome(Outcome.of("success", "Success", Tone.values()[0]))
                .move(MoveOption.of("push", "Push", Form.EMPTY)).complete(false).build();
        return RollCard.of("r1", open, LABELS).at("t1", 4, 1).by("Ada", false).byMember(by).visibility(visibility)
                .when(LocalDateTime.of(2026, 11, 27, 20, 0)).mine(mine).playable(mine).build();
    }

    @Test
    void aMembersPublicRollIsDrawnForTheOthersWithoutItsMoves() {
        RollCard mine = card("public", "m1", true);
        assertThat(mine.getMoves(), hasSize(1));
        PlayAnswer answer = new PlayAnswer();

        answer.share(mine, 0, "m1");

        assertThat(answer.getForOthers(), hasSize(1));
        RollCard theirs = answer.getForOthers().get(0).getCard();
        assertThat(theirs.isMine(), is(false));
        assertThat(theirs.isPlayable(), is(false));
        assertThat(theirs.getMoves(), is(empty()));
        assertThat(theirs.isOpen(), is(true));
        assertThat(theirs.getRollerId(), is("m1"));
        assertThat(theirs.getSeq(), is(4L));
        assertThat(theirs.getState(), is(mine.getState()));
        assertThat(answer.getOthers().mayEnd(theirs), is(true)); // the GM's button, which other pages drop
        assertThat(answer.getOthers().beside(theirs), is(false));
        assertThat(answer.getOthers().mayReveal(theirs), is(false));

        assertThat(answer.getUndrawn(), hasSize(1));
        answer.getDrawnForOthers().put("r1", "<li>drawn</li>");
        assertThat("the push carries the row with the roll's number", answer.drawnRows(),
                is(Map.of("r1", new TableEvent.Row(4, "<li>drawn</li>"))));
        assertThat("drawn once: what is shared later is drawn after", answer.getUndrawn(), is(empty()));
    }

    @Test
    void theRowsForTheOthersNameThePlayOnlyByAFewLettersAndDigits() {
        PlayAnswer answer = new PlayAnswer();
        assertThat(answer.getPlayId(), is(""));
        answer.named("k3x9q0a1zz");
        assertThat(answer.getPlayId(), is("k3x9q0a1zz"));
        answer.named("\"><script>");
        assertThat(answer.getPlayId(), is(""));
        answer.named("a".repeat(17));
        assertThat(answer.getPlayId(), is(""));
    }

    @Test
    void aRollSomeMayNotSeeOrAGuestsOrAnotherMembersIsNotDrawnForTheOthers() {
        PlayAnswer answer = new PlayAnswer();

        answer.share(card("gm", "m1", true), 0, "m1");
        answer.share(card("roller", "m1", true), 0, "m1");
        answer.share(card("public", null, true), 0, null); // a guest's: whoever holds its key may play it
        answer.share(card("public", "m2", false), 0, "m1");
        answer.share(RollCard.secret(5, "Bo", "gm", LocalDateTime.of(2026, 11, 27, 20, 0), LABELS), 0, "m1");
        answer.share(null, 0, "m1");

        assertThat(answer.getForOthers(), is(empty()));
    }
}
