package io.dicehall.web.tables.control;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.not;

import io.dicehall.api.Move;
import io.dicehall.api.Procedure;
import io.dicehall.api.form.InputChecker;
import io.dicehall.api.form.Inputs;
import io.dicehall.api.json.ApiJson;
import io.dicehall.api.state.RollState;
import io.dicehall.api.testsystem.TestPoolSystem;
import io.dicehall.web.systems.control.InstalledSystem.InstalledProcedure;
import jakarta.json.bind.Jsonb;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class VerificationTest {

    private static final Jsonb JSON = ApiJson.create();
    private static final byte[] SEED = HexFormat.of().parseHex("00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff");

    private final Procedure pool = new TestPoolSystem().procedures().get(0);
    private final InstalledProcedure installed = new InstalledProcedure(pool.id(), pool.name(), pool.summary(), pool.form(),
            pool.outcomes(), pool);

    /** A roll as the server would store it: dice from the seed, a re-roll move continuing the stream. */
    private Verification.StoredRoll stored(long seq) {
        return stored(seq, null);
    }

    /** As {@link #stored(long)}, of scheme 2 when {@code secretHex} is given: the roll's own secret in its dice. */
    private Verification.StoredRoll stored(long seq, String secretHex) {
        byte[] secret = secretHex == null ? null : HexFormat.of().parseHex(secretHex);
        Map<String, Object> raw = Map.of("dice", 8, "target", 6, "rerolls", 2);
        Inputs inputs = InputChecker.check(pool.form(), raw).orThrow();
        StreamDice dice = new StreamDice(SEED, seq, secret, 0);
        RollState first = pool.start(inputs, dice);
        var steps = new ArrayList<Verification.StoredStep>();
        steps.add(new Verification.StoredStep("start", null, JSON.toJson(first)));
        if (first.move("reroll").isPresent()) {
            String die = first.dice().stream().filter(d -> d.face() < 6).findFirst().orElseThrow().id();
            Inputs pick = InputChecker.check(first.move("reroll").get().form(), Map.of("dice", List.of(die))).orThrow();
            // A later move resumes the stream where the first throw left it, as the server does.
            StreamDice resumed = new StreamDice(SEED, seq, secret, dice.drawn());
            RollState next = pool.apply(inputs, first, new Move("reroll", pick), resumed);
            steps.add(new Verification.StoredStep("reroll", JSON.toJson(pick.toMap()), JSON.toJson(next)));
        }
        return new Verification.StoredRoll(seq, installed, JSON.toJson(inputs.toMap()), steps, secretHex,
                secretHex == null ? null : FairDice.commitment(secretHex));
    }

    private static String secret(int n) {
        return String.format("%064x", 0xabcdef00L + n);
    }

    @Test
    void aRollWithItsOwnSecretReplaysWithItAndNotFromTheSeedAlone() {
        int fromSeedAlone = 0;
        for (long seq = 1; seq <= 20; seq++) {
            Verification.StoredRoll roll = stored(seq, secret((int) seq));
            assertThat("roll " + seq, Verification.check(SEED, roll), is(Optional.empty()));
            // Whoever holds the seed but not the roll's secret derives other dice: the seed alone gives nothing.
            var withoutSecret = new Verification.StoredRoll(seq, installed, roll.inputsJson(), roll.steps());
            if (Verification.check(SEED, withoutSecret).isEmpty()) {
                fromSeedAlone++;
            }
        }
        // Eight d6 match by chance with odds 6^-8 a roll; none of twenty does.
        assertThat(fromSeedAlone, is(0));
    }

    @Test
    void aSecretThatDoesNotHashToItsCommitmentIsReported() {
        Verification.StoredRoll honest = stored(7, secret(7));
        var swapped = new Verification.StoredRoll(7, installed, honest.inputsJson(), honest.steps(), secret(8),
                honest.commitmentHex());
        assertThat(Verification.check(SEED, swapped).orElseThrow(), containsString("commitment"));
        var withheld = new Verification.StoredRoll(7, installed, honest.inputsJson(), honest.steps(), null,
                honest.commitmentHex());
        assertThat(Verification.check(SEED, withheld).orElseThrow(), containsString("commitment"));
    }

    @Test
    void theSecretChangesEveryDieButKeepsTheStreamOfScheme1() {
        var plain = new StreamDice(SEED, 3, 0);
        var same = new StreamDice(SEED, 3, null, 0);
        var secret = new StreamDice(SEED, 3, HexFormat.of().parseHex(secret(3)), 0);
        int differ = 0;
        for (int i = 0; i < 64; i++) {
            int a = plain.roll(1_000_000);
            assertThat(same.roll(1_000_000), is(a));
            if (secret.roll(1_000_000) != a) {
                differ++;
            }
        }
        assertThat(differ, is(64));
    }

    @Test
    void anHonestLogReplays() {
        for (long seq = 1; seq <= 20; seq++) {
            assertThat("roll " + seq, Verification.check(SEED, stored(seq)), is(Optional.empty()));
        }
    }

    @Test
    void aTamperedFaceIsDetected() {
        Verification.StoredRoll honest = stored(3);
        RollState state = JSON.fromJson(honest.steps().get(0).stateJson(), RollState.class);
        var group = state.groups().get(0);
        var dice = new ArrayList<>(group.dice());
        var die = dice.get(0);
        dice.set(0, new io.dicehall.api.state.Die(die.id(), die.type(), die.sides(), die.face() % 6 + 1,
                String.valueOf(die.face() % 6 + 1), die.verdict(), die.previous()));
        String tampered = JSON.toJson(state.toBuilder().groups(List.of())
                .group(new io.dicehall.api.state.DiceGroup(group.id(), group.label(), dice)).build());
        var steps = new ArrayList<>(honest.steps());
        steps.set(0, new Verification.StoredStep("start", null, tampered));
        Optional<String> problem = Verification.check(SEED, new Verification.StoredRoll(3, installed, honest.inputsJson(), steps));
        assertThat(problem.isPresent(), is(true));
        assertThat(problem.get(), containsString("first throw"));
    }

    @Test
    void anotherSeedOrSequenceNumberDoesNotReplay() {
        byte[] other = SEED.clone();
        other[0] ^= 1;
        assertThat(Verification.check(other, stored(4)), is(not(Optional.empty())));
        Verification.StoredRoll roll = stored(5);
        assertThat(Verification.check(SEED, new Verification.StoredRoll(6, installed, roll.inputsJson(), roll.steps())),
                is(not(Optional.empty())));
    }

    @Test
    void theCommitmentIsTheSeedsSha256() {
        String seed = HexFormat.of().formatHex(SEED);
        String commitment = HexFormat.of().formatHex(FairDice.sha256(SEED));
        assertThat(Verification.commitmentHolds(seed, commitment), is(true));
        assertThat(Verification.commitmentHolds(seed, commitment.replace('a', 'b').replace('0', '1')), is(false));
    }

    @Test
    void streamDiceAreFairAndDeterministic() {
        StreamDice a = new StreamDice(SEED, 9, 0);
        StreamDice b = new StreamDice(SEED, 9, 0);
        int[] counts = new int[6];
        for (int i = 0; i < 60_000; i++) {
            int face = a.roll(6);
            assertThat(b.roll(6), is(face));
            counts[face - 1]++;
        }
        for (int count : counts) {
            // 10,000 expected each; 5 standard deviations is about ±456.
            assertThat(Math.abs(count - 10_000) < 460, is(true));
        }
        StreamDice resumed = new StreamDice(SEED, 9, a.drawn());
        assertThat(resumed.roll(20), is(a.roll(20)));
    }
}
