package io.dicehall.web.ui.form;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.startsWith;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.instanceOf;
import static org.hamcrest.Matchers.is;

import io.dicehall.api.form.ChoiceField;
import io.dicehall.api.form.FlagField;
import io.dicehall.api.form.Form;
import io.dicehall.api.form.GroupField;
import io.dicehall.api.form.InputChecker;
import io.dicehall.api.form.IntegerField;
import io.dicehall.api.form.Option;
import io.dicehall.api.form.PickField;
import io.dicehall.api.form.TextField;
import io.dicehall.api.form.Violation;
import io.dicehall.web.ui.faces.Labels;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectOutputStream;
import java.math.BigDecimal;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FormInputTest {

    private static final Labels LABELS = Labels.of(Locale.ENGLISH);

    /** Sides of a contest, each with helpers: a group inside a group, like an Opposed Task. */
    private static final Form FORM = Form.of(
            IntegerField.of("rank", "Rank", 1, 6, 5),
            ChoiceField.of("risk", "Risk", List.of(Option.of("safe", "Safe"), new Option("risky", "Risky", "Trouble ahead."))),
            FlagField.of("stressful", "Stressful"),
            TextField.of("name", "Name", 10),
            new PickField("dice", "Dice", "", List.of(Option.of("d1", "Die 1"), Option.of("d2", "Die 2")), 0, 1),
            new GroupField("sides", "Sides", "", 1, 3, Form.of(
                    TextField.of("name", "Name", 10),
                    GroupField.of("helpers", "Helpers", 0, 2, Form.of(IntegerField.of("rank", "Rank", 1, 6, 5)))), 2));

    @Test
    void startsWithTheDefaultsWhichTheCheckerAccepts() {
        FormInput form = new FormInput(FORM, "in");
        Map<String, Object> raw = form.raw();
        assertThat(raw.get("rank"), is(new BigDecimal(5)));
        assertThat(raw.get("risk"), is("safe"));
        assertThat(raw.get("stressful"), is(false));
        assertThat(((List<?>) raw.get("sides")).size(), is(2));
        assertThat(InputChecker.check(FORM, raw).ok(), is(true));
        assertThat(InputChecker.check(FORM, raw).inputs(), equalTo(FORM.defaultInputs()));
    }

    @Test
    void namesEveryInputByPathAndByAnIdThatCannotCollide() {
        FormInput form = new FormInput(FORM, "in");
        GroupInput sides = (GroupInput) form.getFields().get(5);
        GroupInput helpers = (GroupInput) sides.getRows().get(1).getFields().get(1);
        helpers.add();
        FieldInput rank = helpers.getRows().get(0).getFields().get(0);
        assertThat(rank.getPath(), is("sides[1].helpers[0].rank"));
        assertThat(rank.getId(), is("in_sides_1_helpers_0_rank"));
        assertThat(((ChoiceInput) form.getFields().get(1)).getOptions().get(1).getId(), is("in_risk_1"));
    }

    @Test
    void readsWhatTheBrowserSentKeepingMistypedNumbersAsText() {
        FormInput form = new FormInput(FORM, "in");
        form.readFrom(Map.of("in_rank", new String[] {"seven"}, "in_risk", new String[] {"risky"},
                "in_stressful", new String[] {"true"}, "in_name", new String[] {"<b>Ada</b>"},
                "in_dice", new String[] {"d2", "not-an-option"}, "in_sides_0_name", new String[] {"North"}));
        Map<String, Object> raw = form.raw();
        assertThat(raw.get("rank"), is("seven"));
        assertThat(raw.get("risk"), is("risky"));
        assertThat(raw.get("stressful"), is(true));
        assertThat(raw.get("name"), is("<b>Ada</b>"));
        assertThat((List<?>) raw.get("dice"), contains("d2"));
        assertThat(((Map<?, ?>) ((List<?>) raw.get("sides")).get(0)).get("name"), is("North"));
        assertThat("a box left unticked sends nothing",
                new FormInput(FORM, "in").raw().get("stressful"), is(false));
    }

    @Test
    void showsEachViolationBesideTheDeepestInputItNames() {
        FormInput form = new FormInput(FORM, "in");
        GroupInput sides = (GroupInput) form.getFields().get(5);
        ((GroupInput) sides.getRows().get(1).getFields().get(1)).add();
        form.show(List.of(new Violation("inputs.rank", "must be a whole number from 1 to 6"),
                new Violation("inputs.sides[1].helpers[0].rank", "must be a whole number from 1 to 6"),
                new Violation("inputs.dice[0]", "must be one of: d1, d2"),
                new Violation("inputs.stressful", "a stressful roll needs a rank"),
                new Violation("inputs", "too many rules broken")), "inputs", LABELS);
        assertThat(form.getFields().get(0).getMessage(), is("Rank must be a whole number from 1 to 6."));
        FieldInput helperRank = ((GroupInput) sides.getRows().get(1).getFields().get(1)).getRows().get(0).getFields().get(0);
        assertThat(helperRank.getMessage(), is("Rank must be a whole number from 1 to 6."));
        assertThat(helperRank.getDescribedBy(), is("in_sides_1_helpers_0_rank-msg"));
        assertThat("players count dice, not ids", form.getFields().get(4).getMessage(), is("Dice: tick at most 1."));
        assertThat(form.getFields().get(2).getMessage(), is("Stressful: a stressful roll needs a rank."));
        assertThat(form.getMessages(), contains("Too many rules broken"));
        assertThat(form.isInvalid(), is(true));
        form.clearMessages();
        assertThat(form.isInvalid(), is(false));
        assertThat(form.getMessages(), empty());
    }

    @Test
    void noticesNameTheInputToJumpTo() {
        FormInput form = new FormInput(FORM, "in");
        List<Notice> notices = form.notices(List.of(new Violation("inputs.risk", "must be one of: safe, risky")),
                "inputs", LABELS);
        assertThat(notices.get(0).getText(), is("Risk: choose one of Safe, Risky."));
        assertThat(notices.get(0).getTarget(), is("in_risk"));
    }

    @Test
    void rowsStayWithinTheirBoundsAndRenumber() {
        FormInput form = new FormInput(FORM, "in");
        GroupInput sides = (GroupInput) form.getFields().get(5);
        sides.add();
        assertThat(sides.isAddable(), is(false));
        sides.add();
        assertThat(sides.getRows().size(), is(3));
        sides.getRows().get(2).getFields().get(0).fill("Third");
        sides.remove(sides.getRows().get(0));
        sides.remove(sides.getRows().get(0));
        assertThat(sides.isRemovable(), is(false));
        sides.remove(sides.getRows().get(0));
        assertThat(sides.getRows().size(), is(1));
        FieldInput name = sides.getRows().get(0).getFields().get(0);
        assertThat(((TextInput) name).getValue(), is("Third"));
        assertThat(name.getId(), is("in_sides_0_name"));
        assertThat(name.getPath(), is("sides[0].name"));
    }

    @Test
    void aFormReadWithoutItsPageTakesThePostedCountOfRowsWithinBounds() {
        FormInput form = new FormInput(FORM, "in");
        form.readFrom(Map.of("in_sides-rows", new String[] {"3"}, "in_sides_2_name", new String[] {"Third"},
                "in_sides_2_helpers-rows", new String[] {"1"}, "in_sides_2_helpers_0_rank", new String[] {"4"}));
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> sides = (List<Map<String, Object>>) form.raw().get("sides");
        assertThat(sides.size(), is(3));
        assertThat(sides.get(2).get("name"), is("Third"));
        assertThat(String.valueOf(sides.get(2).get("helpers")), is("[{rank=4}]"));
        for (String[] wrong : new String[][] {{"99"}, {"-1"}, {"two"}, {"1", "2"}, {"99999999999"}}) {
            FormInput again = new FormInput(FORM, "in");
            again.readFrom(Map.of("in_sides-rows", wrong));
            int rows = ((List<?>) again.raw().get("sides")).size();
            assertThat("rows for " + List.of(wrong), rows >= 1 && rows <= 3, is(true));
        }
    }

    @Test
    void fillsFromCheckedInputs() {
        FormInput form = new FormInput(FORM, "in");
        form.fill(Map.of("rank", 3, "risk", "risky", "stressful", true, "dice", List.of("d1"),
                "sides", List.of(Map.of("name", "Only", "helpers", List.of(Map.of("rank", 2))))));
        Map<String, Object> raw = form.raw();
        assertThat(raw.get("rank"), is(new BigDecimal(3)));
        assertThat(raw.get("stressful"), is(true));
        List<?> sides = (List<?>) raw.get("sides");
        assertThat(sides.size(), is(1));
        assertThat(((Map<?, ?>) ((List<?>) ((Map<?, ?>) sides.get(0)).get("helpers")).get(0)).get("rank"),
                is(new BigDecimal(2)));
    }

    @Test
    void fewChoicesOrChoicesWithHelpAreARowOfButtonsManyWithoutHelpASelect() {
        FormInput form = new FormInput(FORM, "in");
        assertThat(form.getFields().get(1), instanceOf(ChoiceInput.class));
        assertThat(((ChoiceInput) form.getFields().get(1)).isRadio(), is(true));
        assertThat(((ChoiceInput) new FormInput(Form.of(ChoiceField.of("x", "X", List.of(Option.of("a", "A")))), "in")
                .getFields().get(0)).isRadio(), is(true));
        List<Option> many = java.util.stream.IntStream.range(0, 6).mapToObj(i -> Option.of("o" + i, "O" + i)).toList();
        assertThat(((ChoiceInput) new FormInput(Form.of(ChoiceField.of("x", "X", many)), "in").getFields().get(0))
                .isRadio(), is(false));
    }

    @Test
    void fieldsMarkedAsRarelyChangedAreFoldedWithTheirValuesSummed() {
        Form marked = new Form(FORM.fields()).withMore(FORM.fields().get(1).name());
        FormInput form = new FormInput(marked, "in");
        assertThat(form.getEssential().stream().map(FieldInput::getName).toList(),
                not(hasItem(FORM.fields().get(1).name())));
        assertThat(form.getMore().stream().map(FieldInput::getName).toList(), is(List.of(FORM.fields().get(1).name())));
        assertThat(form.getMoreSummary(), startsWith(FORM.fields().get(1).label() + ": "));
    }

    @Test
    void boundsReadAsPlayersSayThemAndNamedValuesShowTheirName() {
        Form ladder = Form.of(io.dicehall.api.form.IntegerField.of("skill", "Skill", -4, 12, 3))
                .withValueNames("skill", java.util.Map.of(3, "Good", -1, "Poor"));
        IntegerInput skill = (IntegerInput) new FormInput(ladder, "in").getFields().get(0);
        assertThat(skill.getRange(), is("\u22124 to +12"));
        assertThat(skill.getValueName(), is("Good (+3)"));
        assertThat(skill.getNames(), is("-1=Poor (\u22121);3=Good (+3)"));
        IntegerInput rank = (IntegerInput) new FormInput(Form.of(io.dicehall.api.form.IntegerField.of("rank", "Rank", 1, 6, 3)), "in")
                .getFields().get(0);
        assertThat(rank.getRange(), is("1 to 6"));
        assertThat(rank.getValueName(), is(""));
    }

    @Test
    void valuesGivenInAnAddressAreHeldAsTyped() {
        FormInput form = new FormInput(FORM, "in");
        String first = FORM.fields().get(0).name();
        form.prefill(java.util.Map.of(first, "not a number", "unknown", "5"));
        assertThat(form.raw().get(first), is("not a number"));
        assertThat(form.raw().containsKey("unknown"), is(false));
    }

    @Test
    void survivesSerialisationAsAViewScopedBeanMust() throws IOException {
        FormInput form = new FormInput(FORM, "in");
        try (var out = new ObjectOutputStream(new ByteArrayOutputStream())) {
            out.writeObject(form);
        }
    }
}
