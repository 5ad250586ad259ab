package ${package};

import io.dicehall.api.form.FlagField;
import io.dicehall.api.form.Form;
import io.dicehall.api.form.Inputs;
import io.dicehall.api.form.IntegerField;
import io.dicehall.api.stated.Read;
import io.dicehall.api.stated.Reading;
import io.dicehall.api.stated.StatedProcedure;
import io.dicehall.api.stated.Throw;
import io.dicehall.api.state.Outcome;
import io.dicehall.api.state.Tone;
import io.dicehall.api.state.Verdict;
import java.util.List;

/**
 * An action roll, stated once: roll your rating in d6s, one more with help; the highest die decides. A 6 is a
 * success, a 4 or 5 a partial success, 1 to 3 a failure, and two 6s a critical. With no dice, roll two and keep
 * the lower. The roll, its exact odds and its best play all come from the two methods below.
 */
final class ActionProcedure extends StatedProcedure {

    static final List<Outcome> OUTCOMES = List.of(
            Outcome.of("failure", "Failure", Tone.BAD, "1 to 3: it goes wrong."),
            Outcome.of("partial", "Partial success", Tone.MIXED, "A 4 or 5: it works, at a cost."),
            Outcome.of("success", "Success", Tone.GOOD, "A 6: it works."),
            Outcome.of("critical", "Critical", Tone.GOOD, "Two 6s: it works, and then some."));

    private static final Form FORM = Form.of(
            IntegerField.of("rating", "Rating", 0, 4, 1).help("One die per point."),
            FlagField.of("help", "Help").help("Someone helps: one more die."));

    ActionProcedure() {
        super("action", "Action", "Roll your rating in d6s: the highest die decides, two 6s are a critical.", FORM,
                OUTCOMES);
    }

    /** What is thrown: the rating in d6s, one more with help; with none, two dice, of which the lower counts. */
    @Override
    public Throw thrown(Inputs inputs) {
        int dice = dice(inputs);
        return Throw.dice(dice == 0 ? 2 : dice, 6);
    }

    /** How the dice read: the highest die and how many 6s; with no dice, the lower of two and never a critical. */
    @Override
    public Reading<?> reading(Inputs inputs) {
        if (dice(inputs) == 0) {
            return Reading.sorted(faces -> read(faces.get(0), 0)
                    .verdictsSorted(List.of(verdict(faces.get(0)), Verdict.UNCOUNTED)));
        }
        return Reading.highestAndCount(6, r -> read(r.highest(), r.count()).verdicts(ActionProcedure::verdict));
    }

    private static Read read(int highest, int sixes) {
        String outcome = sixes >= 2 ? "critical" : highest == 6 ? "success" : highest >= 4 ? "partial" : "failure";
        return Read.as(outcome).tally("highest", "Highest die", highest);
    }

    private static Verdict verdict(int face) {
        return face == 6 ? Verdict.SUCCESS : face >= 4 ? Verdict.PARTIAL : Verdict.FAILURE;
    }

    private static int dice(Inputs inputs) {
        return inputs.integer("rating") + (inputs.flag("help") ? 1 : 0);
    }
}
