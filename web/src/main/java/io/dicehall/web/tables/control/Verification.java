package io.dicehall.web.tables.control;

import io.dicehall.api.Dice;
import io.dicehall.api.Move;
import io.dicehall.api.form.InputChecker;
import io.dicehall.api.form.Inputs;
import io.dicehall.api.json.ApiJson;
import io.dicehall.api.state.RollState;
import io.dicehall.web.systems.control.InstalledSystem.InstalledProcedure;
import jakarta.json.Json;
import jakarta.json.JsonValue;
import jakarta.json.bind.Jsonb;
import java.io.StringReader;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Replays a verifiable table's log from its revealed seed: each roll's first throw and every move
 * are made again with {@link StreamDice} for the roll's sequence number (and, scheme 2, the roll's own
 * secret, whose SHA-256 must be the commitment published with the roll), and each state must equal
 * the stored one. A pure function of the log, the seed and the rules, so anyone can run it.
 */
public final class Verification {

    private static final Jsonb JSON = ApiJson.create();

    private Verification() {
    }

    /**
     * One stored roll, as the log holds it.
     *
     * @param seq its sequence number
     * @param procedure its procedure, or null when its system is no longer installed
     * @param inputsJson its inputs
     * @param steps its steps in order
     * @param secretHex its own secret (scheme 2), or null (scheme 1: seed and number alone)
     * @param commitmentHex SHA-256 of its secret as published with it, or null (scheme 1)
     */
    public record StoredRoll(long seq, InstalledProcedure procedure, String inputsJson, List<StoredStep> steps,
            String secretHex, String commitmentHex) {

        /** A roll of scheme 1, whose dice derive from the seed and its number alone. */
        public StoredRoll(long seq, InstalledProcedure procedure, String inputsJson, List<StoredStep> steps) {
            this(seq, procedure, inputsJson, steps, null, null);
        }
    }

    /**
     * @param move {@code start} or the move's id
     * @param moveInputsJson the move's inputs, null for {@code start}
     * @param stateJson the state stored after the step
     */
    public record StoredStep(String move, String moveInputsJson, String stateJson) {
    }

    /** @return whether the seed or secret (hex) hashes to the commitment (hex) */
    public static boolean commitmentHolds(String seedHex, String commitmentHex) {
        try {
            return FairDice.commitment(seedHex).equals(commitmentHex);
        } catch (IllegalArgumentException notHex) {
            return false;
        }
    }

    /**
     * Replays one roll.
     *
     * @return empty when every stored state is reproduced; else what differs, in plain words
     */
    @SuppressWarnings("unchecked")
    public static Optional<String> check(byte[] seed, StoredRoll roll) {
        if (roll.commitmentHex() != null
                && (roll.secretHex() == null || !commitmentHolds(roll.secretHex(), roll.commitmentHex()))) {
            return Optional.of("its secret does not hash to the commitment published with it");
        }
        if (roll.procedure() == null) {
            return Optional.of("its rules system is not installed here, so it cannot be replayed");
        }
        try {
            var procedure = roll.procedure();
            Inputs inputs = InputChecker.check(procedure.form(), JSON.fromJson(roll.inputsJson(), Map.class)).orThrow();
            Dice dice = new StreamDice(seed, roll.seq(),
                    roll.secretHex() == null ? null : HexFormat.of().parseHex(roll.secretHex()), 0);
            RollState state = null;
            for (int i = 0; i < roll.steps().size(); i++) {
                StoredStep step = roll.steps().get(i);
                if (i == 0) {
                    state = procedure.procedure().start(inputs, dice);
                } else {
                    var option = state.move(step.move());
                    if (option.isEmpty()) {
                        return Optional.of("step " + i + " makes the move " + step.move() + ", which was not open");
                    }
                    Inputs moveInputs = InputChecker.check(option.get().form(),
                            JSON.fromJson(step.moveInputsJson(), Map.class)).orThrow();
                    state = procedure.procedure().apply(inputs, state, new Move(step.move(), moveInputs), dice);
                }
                if (!same(JSON.toJson(state), step.stateJson())) {
                    return Optional.of(i == 0 ? "the first throw differs from the stored one"
                            : "step " + i + " (" + step.move() + ") differs from the stored one");
                }
            }
            return Optional.empty();
        } catch (RuntimeException e) {
            return Optional.of("the stored roll cannot be replayed: " + e.getClass().getSimpleName());
        }
    }

    private static boolean same(String a, String b) {
        JsonValue left = Json.createReader(new StringReader(a)).readValue();
        JsonValue right = Json.createReader(new StringReader(b)).readValue();
        return left.equals(right);
    }
}
