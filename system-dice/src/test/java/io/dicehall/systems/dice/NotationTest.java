package io.dicehall.systems.dice;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.nullValue;

import io.dicehall.api.form.Violation;
import io.dicehall.systems.dice.Ast.Compare;
import io.dicehall.systems.dice.Ast.DiceTerm;
import io.dicehall.systems.dice.Ast.Expression;
import io.dicehall.systems.dice.Ast.Op;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/** What the notation accepts, how it reads it, and the message for each mistake or limit. */
class NotationTest {

    private static List<Expression> parse(String text) {
        Parser.Result result = Parser.parse(text);
        assertThat(text + ": " + result.error(), result.ok(), is(true));
        return result.expressions();
    }

    private static String message(String text) {
        List<Violation> violations = Rolls.violations(text);
        assertThat(text, violations, hasSize(1));
        assertThat(violations.get(0).field(), is("expression"));
        return violations.get(0).message();
    }

    @ParameterizedTest
    @ValueSource(strings = {"1d20", "d20", "D6", "d%", "4dF", "4df", "4d6kh3", "4d6k3", "2d20kl1", "4d6dh1", "4d6dl1",
        "4d6d1", "2d6r1", "2d6r<=2", "2d6r>=5", "2d6ro1", "2d6r1r2", "20d6!", "2d10!>=9", "5d10!9", "3d6!!",
        "2d6!!kh1", "8d10>=8f1", "8d10>=8f<=2", "6d6>4", "6d6<3", "6d6=6", "1d20+5", "2d6-1", "2d6*2", "2d6/2",
        "-(1d4+1)", "((2d6))", "1d20 + 5 >= 15", "1d20+5>=15", "(1d20+5) >= 15", "1d20 <= 10", "1d20 > -3",
        "1d20+5 to hit, 2d6+3 damage", "  1d6  ", "\t1d6\t", "1d6 Zoë's 🗡 roll", "7", "d1", "1d1!",
        // The README's examples, and the largest term of each kind it names
        "3d6dh1", "1d20ro<3", "3d10!>=9", "3d10!10", "2d10!!>=9", "5d6>4", "4d20<3", "1d6r1r2", "2d6 <= 7 sneak",
        "1d6/(2*1d2-3)", "6d10!10>=8", "6d6>=5 >= 2 hits", "100d6", "100d100", "20d1000", "20d6!", "13d10!",
        "29d10!10>=8f1", "80d6kh1", "9d%kh1", "12d6!!kh1", "57d6kh28", "22d20kh11", "1d100*1d200"})
    void accepts(String text) {
        parse(text);
        assertThat(text, Rolls.violations(text), empty());
    }

    @Test
    void aComparisonRightAfterDiceCountsSuccessesAndOneAfterTheExpressionIsItsTarget() {
        Expression counting = parse("8d10>=8").get(0);
        assertThat(counting.target(), nullValue());
        assertThat(((DiceTerm) counting.sum()).counting().success(), is(new Compare(Op.AT_LEAST, 8)));
        Expression target = parse("8d10 >= 8").get(0);
        assertThat(target.target(), is(new Compare(Op.AT_LEAST, 8)));
        assertThat(((DiceTerm) target.sum()).counting(), nullValue());
        assertThat(parse("1d20+5>=15").get(0).target(), is(new Compare(Op.AT_LEAST, 15)));
        Expression both = parse("6d6>=5 >= 2 hits").get(0);
        assertThat(both.target(), is(new Compare(Op.AT_LEAST, 2)));
        assertThat(both.label(), is("hits"));
        assertThat(((DiceTerm) both.sum()).counting().success(), is(new Compare(Op.AT_LEAST, 5)));
    }

    @Test
    void labelsAndModifiers() {
        List<Expression> roll = parse("1d20+5 to hit, 2d6+3 damage");
        assertThat(roll.get(0).label(), is("to hit"));
        assertThat(roll.get(0).text(), is("1d20+5"));
        assertThat(roll.get(1).label(), is("damage"));
        DiceTerm term = (DiceTerm) parse("4d6r1!!kh3").get(0).sum();
        assertThat(term.count(), is(4));
        assertThat(term.reroll(), is(List.of(new Compare(Op.EQUAL, 1))));
        assertThat(term.explode().compound(), is(true));
        assertThat(term.keep().kept(4), is(3));
        assertThat(term.keep().keepsHighest(), is(true));
        assertThat(((DiceTerm) parse("4d6d1").get(0).sum()).keep().keepsHighest(), is(true));
        assertThat(((DiceTerm) parse("4d6dh1").get(0).sum()).keep().keepsHighest(), is(false));
        assertThat(((DiceTerm) parse("3dF").get(0).sum()).lowestFace(), is(-1));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "4d6kh|Expected a number after kh, at column 6.",
        "''|Expected the number of sides",
        "'   '|must not be blank",
        "1d|Expected the number of sides (or % or F) after d, at column 3.",
        "2d6+|Expected a number, dice (such as 2d6) or '(' at column 5 (the text ended).",
        "(1d6|Expected ')' at column 5 (the text ended).",
        "(1d6 >= 3)|a target such as >= 15 goes after the whole expression",
        "2d6 + 3 4|Expected an operator (+ - * /), a target (>= 15), a label, a comma or the end, at column 9",
        "1d6r|Expected a number after r, at column 5.",
        "8d10>=|Expected a number after >=, at column 7.",
        "8d10>=8f|Expected a number after f, at column 9.",
        "2d6f1|without a success count before it",
        "99999999999d6|asks for 99999999999 dice at column 1: at most 100 dice per term",
        "101d6|at most 100 dice per term",
        "0d6|a dice term has at least 1 die",
        "d0|a die has at least 1 side",
        "1d1001|at most 1000 sides",
        "1d6+1000000|at most 100000",
        "2d20kh3|keeps 3 of 2 dice at column 7: keep from 1 to 2",
        "2d20dl2|drops 2 of 2 dice",
        "4d6!kh3|use !! (compounding) to keep or drop whole dice",
        "4d6kh3>=4|use one of them per term",
        "1d6r<=6|re-rolls every face in 1d6r<=6",
        "1d6r1ro2|mixes r and ro",
        "1d6!!!|explodes twice",
        "1d6 + é|found 'é'",
        "<b>1d6</b>|Expected a number, dice (such as 2d6) or '(' at column 1, found '<'",
        "1d6 <b>bold</b>|Expected a number after the target's comparison, at column 6",
        "1d6,|Expected a number, dice (such as 2d6) or '(' at column 5",
        "1d6/(1d3-1d3)|divides by something that can be 0",
        "1d6/0|divides by 0",
        "1d6/(1d3-2)|divides by something that can be 0",
        "100d6*100d6|at most 40,000 pairs of values",
        "100d1000|at most 20,000 from lowest to highest (the distribution's span)",
        "21d6!|at most 150,000 for one dice term",
        "20d6!, 20d6!, 20d6!|at most 300,000 for all its dice together",
        "100d100kh50|at most 400,000 for a term that keeps or drops",
        "100000*100000|values stay within ±1,000,000,000",
        "((((((((((((1))))))))))))|nests parentheses more than 10 deep",
        "1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1|more than 20 terms in one expression",
        "1,1,1,1,1,1,1,1,1,1,1|more than 10 expressions (the limit per roll)",
        "1d6 this label is much too long for a roll of the dice|label longer than 40 characters",
        "2d6, 1d6/0 second|Expression 2 (1d6/0) divides by 0",
    })
    void refusesWithAMessageNamingTheColumnOrTheLimit(String text, String expected) {
        if (text.isBlank() && text.isEmpty()) {
            // The form itself refuses an empty required text; the message is the form's.
            assertThat(Rolls.violations(text), hasSize(1));
            return;
        }
        assertThat(message(text), containsString(expected));
    }
}
