package io.dicehall.web.ui.table;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.is;

import io.dicehall.web.tables.entity.Visibility;
import java.util.List;
import org.junit.jupiter.api.Test;

class RollChoiceTest {

    @Test
    void whoSeesTheNextRollIsOneOfTheKnownChoicesElseEveryone() {
        RollChoice choice = new RollChoice();
        assertThat(choice.visibility(), is(Visibility.PUBLIC));
        choice.setVisibility("GM");
        assertThat(choice.getVisibility(), is("gm"));
        assertThat(choice.visibility(), is(Visibility.GM));
        choice.setVisibility("everyone-but-me");
        assertThat(choice.getVisibility(), is("public"));
        choice.setVisibility(null);
        assertThat(choice.visibility(), is(Visibility.PUBLIC));
    }

    @Test
    void aProcedureChosenMakesTheTableRollableAndNothingFoundDoesNot() {
        RollChoice choice = new RollChoice();
        choice.choose("tasks-checks", "Tasks & Checks", "check", "Check", List.of());
        assertThat(choice.isRollable(), is(true));
        assertThat(choice.getProcedureName(), is("Check"));
        choice.nothing(List.of());
        assertThat(choice.isRollable(), is(false));
        assertThat(choice.hasCharacter(), is(false));
        choice.setCharacter("c1");
        assertThat(choice.hasCharacter(), is(true));
    }

    @Test
    void facesTypedInOneBoxAreSplitAtSpacesAndCommas() {
        assertThat(TableRollForm.faces(" 3 5,1 "), contains("3", "5", "1"));
        assertThat(TableRollForm.faces("+, 0;-"), contains("+", "0", "-"));
        assertThat(TableRollForm.faces("  "), is(empty()));
        assertThat(TableRollForm.faces(null), is(empty()));
    }
}
