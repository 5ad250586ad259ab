package io.dicehall.systems.taskschecks;

import static io.dicehall.systems.taskschecks.Play.map;

import io.dicehall.api.GameSystem;
import io.dicehall.api.Procedure;
import io.dicehall.api.contract.BruteForce;
import io.dicehall.api.contract.GameSystemContract;
import io.dicehall.api.form.InputChecker;
import io.dicehall.api.form.Inputs;
import java.util.List;
import java.util.Map;

/** The SPI contract kit, run against this system, best play included. */
class TasksChecksContractTest extends GameSystemContract {

    @Override
    protected GameSystem system() {
        return new TasksChecksSystem();
    }

    /**
     * Few dice, so that the kit enumerates every face and works out best play by brute force: KISSes short of
     * the failed dice, help dice at other ranks, lending in a Group Check (with Fidelity too), a Die of Fortune and
     * a magic job's exploding pool (exactly, with the stopping rule below; their lotteries, which explode, the kit
     * can only sample).
     */
    @Override
    protected List<Inputs> bestPlayInputs(Procedure procedure) {
        List<Map<String, Object>> raw = switch (procedure.id()) {
            case "check" -> List.of(map("rank", 5, "stress", 1, "kisses", 1), map("rank", 3, "stress", 2, "kisses", 2),
                    map());
            case "group-check" -> List.of(
                    map("participants", List.of(participant(4, 1, 1), participant(5, 2, 0))),
                    map("participants", List.of(participant(2, 2, 2), participant(6, 2, 0), participant(4, 2, 1))),
                    // Fidelity, which a Group Check's best play weighs point by point with the lending
                    map("participants", List.of(withFidelity(participant(5, 2, 1), 2), withFidelity(participant(3, 2,
                            1), 1))));
            case "task" -> List.of(
                    map("job-level", 1, "rank", 4, "kisses", 1, "helpers", List.of(map("name", "", "rank", 2))),
                    map("job-level", 2, "rank", 6, "kisses", 2, "objectives", 2, "difficulty-factors", 0),
                    map("job-level", 0, "kisses", 1, "health", 1, "helpers", List.of(map("name", "", "rank", 5))),
                    map("job-level", 1, "rank", 4, "kisses", 1, "health", 1, "magic", true, "objectives", 1,
                            "difficulty-factors", 1));
            default -> List.of(map());
        };
        return raw.stream().map(r -> InputChecker.check(procedure.form(), r).orThrow()).toList();
    }

    private static Map<String, Object> participant(int rank, int stress, int kisses) {
        return map("name", "", "rank", rank, "stress", stress, "kisses", kisses);
    }

    private static Map<String, Object> withFidelity(Map<String, Object> participant, int points) {
        participant.put("fidelity", points);
        return participant;
    }

    @Override
    protected int bestPlayBudget() {
        return 60_000;
    }

    /**
     * A Task's Die of Fortune and a magic job's pool explode: brute force stops a call's throws once they have shown as many 6s as the
     * task has factors, from where every goal is reached whatever else is thrown ({@link
     * BestPlayTest#stopAfterSixes}).
     */
    @Override
    protected BruteForce.Limits bestPlayBruteForceLimits(Procedure procedure, Inputs inputs) {
        BruteForce.Limits limits = super.bestPlayBruteForceLimits(procedure, inputs);
        return procedure.id().equals("task") ? limits.stopWhen(BestPlayTest.stopAfterSixes(TaskProcedure.factors(
                inputs))) : limits;
    }
}
