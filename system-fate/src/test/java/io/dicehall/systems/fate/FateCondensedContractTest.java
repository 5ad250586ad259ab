package io.dicehall.systems.fate;

import io.dicehall.api.GameSystem;
import io.dicehall.api.Procedure;
import io.dicehall.api.contract.GameSystemContract;
import io.dicehall.api.form.InputChecker;
import io.dicehall.api.form.Inputs;
import io.dicehall.api.form.TextField;
import java.util.List;
import java.util.Map;

/**
 * The SPI's contract kit, run against Fate Condensed. Its brute force names the aspect of an invoke, since the
 * rules refuse an invoke on no aspect: so it plays every invoke a player has.
 */
class FateCondensedContractTest extends GameSystemContract {

    @Override
    protected GameSystem system() {
        return new FateCondensed();
    }

    @Override
    protected List<Inputs> bestPlayInputs(Procedure procedure) {
        return small(procedure);
    }

    @Override
    protected int bestPlayBudget() {
        return 40_000;
    }

    /**
     * One aspect, "Aspect 1" (a blank one is refused): on these inputs one aspect fits, so a second fate point is
     * refused on any aspect, and free invokes may go on the same one: it names every invoke a side can make. A
     * second name would double the plays brute force goes through for nothing.
     */
    @Override
    protected List<String> bestPlayTexts(Procedure procedure, TextField field) {
        return List.of("", "Aspect 1");
    }

    /**
     * One invoke at most for the player, so that brute force covers every face and move: a single fitting aspect
     * for two fate points, with the opposition holding a fate point; a free invoke, with the opposition holding
     * one; and (for the transitions and the search) active opposition.
     */
    static List<Inputs> small(Procedure procedure) {
        return List.of(
                inputs(procedure, Map.of("skill", 1, "difficulty", 2, "fate-points", 2, "aspects", 1,
                        "opposition-fate-points", 1)),
                inputs(procedure, Map.of("skill", 2, "difficulty", 1, "fate-points", 0, "free-invokes", 1,
                        "opposition-free-invokes", 1)),
                inputs(procedure, Map.of("skill", 3, "difficulty", 3, "active-opposition", true, "fate-points", 1)));
    }

    private static Inputs inputs(Procedure procedure, Map<String, Object> raw) {
        return InputChecker.check(procedure.form(), raw).orThrow();
    }
}
