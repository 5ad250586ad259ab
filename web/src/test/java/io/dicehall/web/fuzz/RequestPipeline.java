package io.dicehall.web.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dicehall.api.Dice;
import io.dicehall.api.GameSystem;
import io.dicehall.api.Move;
import io.dicehall.api.Procedure;
import io.dicehall.api.form.Form;
import io.dicehall.api.form.InputChecker;
import io.dicehall.api.form.Inputs;
import io.dicehall.api.form.Violation;
import io.dicehall.api.json.ApiJson;
import io.dicehall.api.odds.Odds;
import io.dicehall.api.state.MoveOption;
import io.dicehall.api.state.RollState;
import io.dicehall.web.platform.http.BoundBody;
import io.dicehall.web.platform.http.Problem;
import io.dicehall.web.platform.http.ProblemException;
import io.dicehall.web.rolls.boundary.RollRequests.MoveRequest;
import io.dicehall.web.rolls.boundary.RollRequests.RollRequest;
import jakarta.json.bind.Jsonb;
import jakarta.json.bind.JsonbBuilder;
import java.io.ByteArrayInputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.stream.StreamSupport;

/**
 * The path a request body takes through the JSON API, run in-process without a container: what
 * {@code RollsResource} and {@code Rules} do with a roll body and then with a move body, minus the
 * storage. Shared by the fuzz tests and the check that the seed corpus still reaches deep.
 *
 * <p>An input is {@code roll body LF move body LF dice}, each part optional:
 * <ul>
 *   <li>the roll body goes through {@link BoundBody} into a {@link RollRequest}, the very code and constraints
 *       {@code POST /rolls} reads it with;</li>
 *   <li>the procedure is the one it names; when it names none of the bundled ones (the server would
 *       answer 404), the first byte of {@code dice} picks one, so that mutated bodies still reach
 *       every system;</li>
 *   <li>the dice are {@link Dice#seeded} from a hash of {@code dice};</li>
 *   <li>the move body goes through {@link BoundBody} into a {@link MoveRequest}, as
 *       {@code POST /rolls/{id}/moves} reads it, and is
 *       made, while the roll stays open, up to {@link #MAX_MOVES} times: the move it names if that is
 *       open (else the server answers 409), otherwise an open move picked by the first dice byte.</li>
 * </ul>
 *
 * <p>The properties, each failure being a finding: a body is either accepted or refused with a
 * {@link ProblemException} carrying a 4xx problem, nothing else escapes {@link BoundBody};
 * {@link InputChecker} never throws and answers either inputs or violations; a system never throws,
 * answers null or an undeclared outcome on inputs that the form and its own checks accepted (the
 * server would answer 502); odds sum to 1 (the API's constructors check); the state and the checked
 * inputs read back equal from the JSON the store writes; and replaying the roll from the stored
 * inputs with the same dice gives the same state (what verifiable tables rely on).
 */
final class RequestPipeline {

    /** How many moves one input makes at most. */
    static final int MAX_MOVES = 3;

    /** The store's JSON (as RollStore and TableService write states and inputs). */
    static final Jsonb STORE_JSON = ApiJson.create();
    /** The API's JSON (as JsonbConfigurator writes answers, problems included). */
    static final Jsonb ANSWER_JSON = JsonbBuilder.create(ApiJson.config().withNullValues(false));

    /** Every procedure of the bundled systems, by system id, in menu order. */
    static final List<Bundled> PROCEDURES = bundled();

    private RequestPipeline() {
    }

    /** A bundled procedure and its system. */
    record Bundled(GameSystem system, Procedure procedure) {
        String key() {
            return system.id() + "/" + procedure.id();
        }
    }

    /** How far an input got. */
    enum Stage {
        /** The roll body was refused (400/413). */
        BODY_REFUSED,
        /** The roll's inputs broke the form. */
        INPUTS_REFUSED,
        /** The roll's inputs broke the system's own rules. */
        RULES_REFUSED,
        /** Rolled: started, odds computed, stored and read back. */
        ROLLED,
        /** At least one move was made. */
        MOVED
    }

    /**
     * What one input did.
     *
     * @param procedure the system/procedure used, or null when the body was refused
     * @param named whether the body named that procedure (rather than the dice byte picking it)
     * @param stage how far the roll got
     * @param moves how many moves were made
     * @param moveOdds how many moves had their odds computed
     */
    record Reach(String procedure, boolean named, Stage stage, int moves, int moveOdds) {
    }

    private static List<Bundled> bundled() {
        var all = new ArrayList<Bundled>();
        StreamSupport.stream(ServiceLoader.load(GameSystem.class).spliterator(), false)
                // The API's test JAR brings its own example system; only the bundled ones count.
                .filter(s -> !s.getClass().getName().startsWith("io.dicehall.api."))
                .sorted(Comparator.comparing(GameSystem::id))
                .forEach(s -> s.procedures().forEach(p -> all.add(new Bundled(s, p))));
        var systems = all.stream().map(b -> b.system().id()).distinct().toList();
        if (!systems.containsAll(List.of("action-rolls", "fate-condensed", "fatewalker", "tasks-checks"))) {
            throw new IllegalStateException("the bundled systems are not all on the class path: " + systems);
        }
        return List.copyOf(all);
    }

    /** Runs one input through the pipeline. */
    static Reach run(byte[] input) {
        int end = indexOf(input, 0);
        byte[] rollBody = Arrays.copyOfRange(input, 0, end);
        int moveEnd = end < input.length ? indexOf(input, end + 1) : end;
        byte[] moveBody = end < input.length ? Arrays.copyOfRange(input, end + 1, moveEnd) : new byte[0];
        byte[] dice = moveEnd < input.length ? Arrays.copyOfRange(input, moveEnd + 1, input.length) : new byte[0];
        int pick = dice.length == 0 ? 0 : dice[0] & 0xFF;
        return run(rollBody, moveBody, pick, seed(dice));
    }

    private static int indexOf(byte[] bytes, int from) {
        for (int i = from; i < bytes.length; i++) {
            if (bytes[i] == '\n') {
                return i;
            }
        }
        return bytes.length;
    }

    /** FNV-1a over the bytes: a small change gives other dice. */
    private static long seed(byte[] bytes) {
        long hash = 0xcbf29ce484222325L;
        for (byte b : bytes) {
            hash = (hash ^ (b & 0xFF)) * 0x100000001b3L;
        }
        return hash;
    }

    static Reach run(byte[] rollBody, byte[] moveBody, int pick, long seed) {
        // POST /rolls: RollsResource.roll
        String systemId;
        String procedureId;
        Object rawInputs;
        try {
            RollRequest request = BoundBody.read(new ByteArrayInputStream(rollBody), RollRequest.class);
            systemId = request.system();
            procedureId = request.procedure();
            rawInputs = request.inputs();
        } catch (ProblemException refused) {
            refusal(refused);
            return new Reach(null, false, Stage.BODY_REFUSED, 0, 0);
        }
        assertNotNull(systemId, "an accepted roll body has a system");
        assertNotNull(procedureId, "an accepted roll body has a procedure");

        // Rules.procedure, or (for reach) the procedure the dice byte picks
        Optional<Bundled> named = PROCEDURES.stream()
                .filter(b -> b.system().id().equals(systemId) && b.procedure().id().equals(procedureId)).findFirst();
        Bundled bundled = named.orElse(PROCEDURES.get(pick % PROCEDURES.size()));
        Procedure procedure = bundled.procedure();
        String key = bundled.key();

        // Rules.inputs: the form, then the system's own rules
        Inputs inputs = checked(procedure.form(), rawInputs, key + " inputs");
        if (inputs == null) {
            return new Reach(key, named.isPresent(), Stage.INPUTS_REFUSED, 0, 0);
        }
        List<Violation> broken = procedure.check(inputs);
        assertNotNull(broken, () -> key + ": check answered null for " + inputs);
        if (!broken.isEmpty()) {
            return new Reach(key, named.isPresent(), Stage.RULES_REFUSED, 0, 0);
        }
        storedInputsReadBackEqual(procedure.form(), inputs, key);

        // Rules.start and Rules.odds
        Dice dice = Dice.seeded(seed);
        RollState state = declared(bundled, procedure.start(inputs, dice), inputs);
        Odds odds = procedure.odds(inputs);
        assertNotNull(odds, () -> key + ": odds answered null for " + inputs);
        storedStateReadsBackEqual(state, key);

        // POST /rolls/{id}/moves and /odds: RollsResource.move, Rules.play and Rules.odds
        var made = new ArrayList<Move>();
        int moveOdds = 0;
        while (made.size() < MAX_MOVES && !state.complete() && !state.moves().isEmpty()) {
            String moveId;
            Object rawMoveInputs;
            try {
                MoveRequest request = BoundBody.read(new ByteArrayInputStream(moveBody), MoveRequest.class);
                moveId = request.move();
                rawMoveInputs = request.inputs();
            } catch (ProblemException refused) {
                refusal(refused);
                break;
            }
            RollState before = state;
            MoveOption option = state.move(moveId).orElse(state.moves().get(pick % state.moves().size()));
            Inputs moveInputs = checked(option.form(), rawMoveInputs, key + " move " + option.id() + " inputs");
            if (moveInputs == null) {
                break;
            }
            Move move = new Move(option.id(), moveInputs);
            List<Violation> refusedMove = procedure.checkMove(inputs, before, move);
            assertNotNull(refusedMove, () -> key + ": checkMove answered null for " + move);
            if (!refusedMove.isEmpty()) {
                break;
            }
            storedInputsReadBackEqual(option.form(), moveInputs, key + " move " + option.id());
            if (option.hasOdds()) {
                Optional<Odds> ofMove = procedure.odds(inputs, before, move);
                assertNotNull(ofMove, () -> key + ": odds of move " + move + " answered null");
                moveOdds++;
            }
            state = declared(bundled, procedure.apply(inputs, before, move, dice), inputs);
            storedStateReadsBackEqual(state, key);
            made.add(move);
        }
        replaysEqual(bundled, inputs, made, seed, state);
        return new Reach(key, named.isPresent(), made.isEmpty() ? Stage.ROLLED : Stage.MOVED, made.size(), moveOdds);
    }

    /** A refusal must be the client's fault, and its problem must be writable as the answer. */
    static void refusal(ProblemException refused) {
        Problem problem = refused.problem();
        assertNotNull(problem, "a ProblemException carries a problem");
        assertTrue(problem.status() >= 400 && problem.status() < 500,
                () -> "a body is refused with a 4xx problem, not " + problem);
        assertNotNull(ANSWER_JSON.toJson(problem));
    }

    /** InputChecker: inputs or violations, never both, never neither, never an exception. */
    private static Inputs checked(Form form, Object raw, String what) {
        InputChecker.Result result = InputChecker.check(form, raw);
        assertNotNull(result, () -> what + ": no result");
        assertEquals(result.ok(), result.inputs() != null, () -> what + ": inputs present iff no violations: " + result);
        return result.ok() ? result.inputs() : null;
    }

    private static RollState declared(Bundled bundled, RollState state, Inputs inputs) {
        assertNotNull(state, () -> bundled.key() + " answered a null state for " + inputs);
        assertTrue(bundled.procedure().outcomes().stream().anyMatch(o -> o.id().equals(state.outcome().id())),
                () -> bundled.key() + " answered an undeclared outcome " + state.outcome().id() + " for " + inputs);
        return state;
    }

    /** As the stores write inputs (ApiJson of {@link Inputs#toMap()}) and read them back with the form. */
    @SuppressWarnings("unchecked")
    private static void storedInputsReadBackEqual(Form form, Inputs inputs, String what) {
        String json = STORE_JSON.toJson(inputs.toMap());
        InputChecker.Result reread = InputChecker.check(form, STORE_JSON.fromJson(json, Map.class));
        assertTrue(reread.ok(), () -> what + ": stored inputs " + json + " no longer check: " + reread.violations());
        assertEquals(inputs, reread.inputs(), () -> what + ": stored inputs " + json + " read back different");
    }

    private static void storedStateReadsBackEqual(RollState state, String what) {
        String json = STORE_JSON.toJson(state);
        assertEquals(state, STORE_JSON.fromJson(json, RollState.class), () -> what + ": stored state reads back different: " + json);
    }

    /** As a verifiable table replays a roll: the same inputs and the same dice give the same state. */
    private static void replaysEqual(Bundled bundled, Inputs inputs, List<Move> moves, long seed, RollState expected) {
        Dice dice = Dice.seeded(seed);
        RollState state = bundled.procedure().start(inputs, dice);
        for (Move move : moves) {
            state = bundled.procedure().apply(inputs, state, move, dice);
        }
        assertEquals(expected, state, () -> bundled.key() + " is not deterministic given its dice: " + inputs + " " + moves);
    }
}
