package io.dicehall.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dicehall.api.Dice;
import io.dicehall.api.GameSystem;
import io.dicehall.api.Procedure;
import io.dicehall.api.state.RollState;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.annotations.Param;

/** The cases are legal, cover every procedure, and match the benchmarks' parameter lists. */
class CasesTest {

    @Test
    void everyProcedureOfEverySystemHasAPreRollCase() {
        var covered = new TreeSet<String>();
        Cases.preRoll().forEach(s -> covered.add(s.system() + "/" + s.procedure()));
        var all = new TreeSet<String>();
        for (GameSystem system : Cases.systems().values()) {
            system.procedures().forEach(p -> all.add(system.id() + "/" + p.id()));
        }
        assertEquals(Set.of("tasks-checks", "fatewalker", "fate-condensed", "action-rolls", "dice"), Cases.systems().keySet());
        assertEquals(all, covered);
    }

    @Test
    void everyCaseHasLegalInputsAndOdds() {
        for (Cases.Spec spec : Cases.preRoll()) {
            Cases.Prepared prepared = Cases.prepare(spec);
            assertFalse(prepared.procedure().odds(prepared.inputs()).outcomes().isEmpty(), spec.id());
        }
        Cases.prepare(Cases.TASK_10D6);
        Cases.prepare(Cases.ROLL_10D10);
    }

    @Test
    void everyDecisionOpensItsMoveWithLegalInputs() {
        for (Cases.DecisionSpec spec : Cases.decisionSpecs()) {
            Cases.Decision decision = Cases.decision(spec);
            assertTrue(decision.state().move(spec.move()).orElseThrow().hasOdds(), spec.id());
            if (spec.move().equals("kiss")) {
                assertTrue(decision.picks() > 0, spec.id());
            }
        }
    }

    @Test
    void theLargestMovesPickWhatTheRulesAllow() {
        // 8 contestants × 3 dice, 10 KISSes each: every failed die is picked, and some seed fails many
        assertTrue(Cases.decision("tasks-checks/versus-check#kiss").picks() >= 8);
        // one roller, 28 dice: at most its 10 KISSes
        assertTrue(Cases.decision("tasks-checks/task#kiss").picks() >= 8);
        assertTrue(Cases.decision("tasks-checks/task#kiss").picks() <= 10);
        assertTrue(Cases.decision("tasks-checks/opposed-task#kiss").picks() >= 24);
        assertEquals(4, Cases.decision("tasks-checks/opposed-task:fortune#ego").picks());
    }

    @Test
    void casesWithoutDecisionsHaveNoMoves() {
        for (Cases.Spec spec : Cases.preRoll()) {
            if (Cases.decisionSpecs().stream().anyMatch(d -> d.caseId().equals(spec.id()))) {
                continue;
            }
            Cases.Prepared prepared = Cases.prepare(spec);
            Procedure procedure = prepared.procedure();
            for (long seed = 1; seed <= 50; seed++) {
                RollState state = procedure.start(prepared.inputs(), Dice.seeded(seed));
                assertTrue(state.complete() && state.moves().isEmpty(), spec.id() + " seed " + seed);
            }
        }
    }

    @Test
    void benchmarkParametersListEveryCase() throws NoSuchFieldException {
        assertEquals(Cases.preRoll().stream().map(Cases.Spec::id).toList(), params(PreRollOdds.class));
        assertEquals(Cases.decisionSpecs().stream().map(Cases.DecisionSpec::id).toList(), params(DecisionOdds.class));
    }

    @Test
    void baselineMethodsAreTheReportsBaselines() {
        var methods = new TreeSet<String>();
        for (var method : Baseline.class.getDeclaredMethods()) {
            if (method.isAnnotationPresent(org.openjdk.jmh.annotations.Benchmark.class)) {
                methods.add(method.getName());
            }
        }
        assertEquals(new TreeSet<>(Report.BASELINES), methods);
    }

    private static List<String> params(Class<?> benchmark) throws NoSuchFieldException {
        return Arrays.asList(benchmark.getField("id").getAnnotation(Param.class).value());
    }
}
