package io.dicehall.systems.fate;

import io.dicehall.api.GameSystem;
import io.dicehall.api.Procedure;
import io.dicehall.api.contract.GameSystemContract;
import io.dicehall.api.form.InputChecker;
import io.dicehall.api.form.Inputs;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The SPI's contract kit, run against Fate Condensed. The kit's comparison of best play with its brute force
 * runs on {@link NamedAspects}, the system with a blank aspect read as one not yet paid for: the brute force
 * leaves text fields blank, and the real system refuses an invoke on no aspect.
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

    @Override
    @TestFactory
    public Stream<DynamicTest> bestPlayAgreesWithTheGenericSolverAndBruteForce() {
        return new WithNamedAspects().bestPlayAgreesWithTheGenericSolverAndBruteForce();
    }

    /**
     * One invoke at most, so that brute force covers every face and move: a fate point, a free invoke with the
     * opposition able to invoke back, and (for the transitions and the search) active opposition.
     */
    static List<Inputs> small(Procedure procedure) {
        return List.of(
                inputs(procedure, Map.of("skill", 1, "difficulty", 2, "fate-points", 1)),
                inputs(procedure, Map.of("skill", 2, "difficulty", 1, "fate-points", 0, "free-invokes", 1,
                        "opposition-free-invokes", 1)),
                inputs(procedure, Map.of("skill", 3, "difficulty", 3, "active-opposition", true, "fate-points", 1)));
    }

    private static Inputs inputs(Procedure procedure, Map<String, Object> raw) {
        return InputChecker.check(procedure.form(), raw).orThrow();
    }

    /** The kit over {@link NamedAspects}, for its brute-force comparison only. */
    private static final class WithNamedAspects extends GameSystemContract {

        @Override
        protected GameSystem system() {
            return NamedAspects.of(new FateCondensed());
        }

        @Override
        protected List<Inputs> bestPlayInputs(Procedure procedure) {
            return small(procedure);
        }

        @Override
        protected int bestPlayBudget() {
            return 40_000;
        }
    }
}
