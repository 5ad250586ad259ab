package io.dicehall.web.tables.boundary;

import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** The JSON shapes of the replay of a closed verifiable table. */
public final class VerificationViews {

    private VerificationViews() {
    }

    /**
     * The replay of a closed verifiable table.
     *
     * @param seed the revealed seed
     * @param seedCommitment the commitment published when the table opened
     * @param commitmentHolds whether SHA-256 of the seed is the commitment
     * @param verified whether the commitment holds and every roll replayed reproduced
     * @param rolls each roll replayed, in log order
     * @param unverifiable the rolls still hidden at closing, whose dice their unrevealed secrets give, in log order
     */
    @Schema(name = "Verification", description = "The replay of a closed verifiable table",
            requiredProperties = {"seed", "seedCommitment", "commitmentHolds", "verified", "rolls", "unverifiable"})
    public record VerificationView(String seed, String seedCommitment,
            @Schema(description = "Whether SHA-256 of the seed is the commitment") boolean commitmentHolds,
            @Schema(description = "Whether the commitment holds and every roll replayed reproduced (the rolls under "
                    + "unverifiable are not replayed)") boolean verified,
            List<RollCheck> rolls,
            @Schema(description = "Rolls still hidden when the table closed, whose dice derive from their own secret "
                    + "(never revealed): not replayed, named by number only") List<HiddenCheck> unverifiable) {

        static VerificationView of(io.dicehall.web.tables.control.Verifications.Report report) {
            return new VerificationView(report.seed(), report.seedCommitment(), report.commitmentHolds(),
                    report.verified(),
                    report.rolls().stream().map(c -> new RollCheck(c.seq(), c.id(), c.reproduced(), c.problem(),
                            c.scheme())).toList(),
                    report.unverifiable().stream().map(u -> new HiddenCheck(u.seq(), u.commitment())).toList());
        }
    }

    /** One roll's replay: {@code problem} is null when it reproduced; {@code id} null for a roll still hidden. */
    @Schema(name = "RollCheck", description = "One roll's replay", requiredProperties = {"seq", "reproduced",
        "diceScheme"})
    public record RollCheck(long seq,
            @Schema(description = "Its id; absent for a roll still hidden (one stored before roll secrets, which the "
                    + "seed alone replays)") String id,
            boolean reproduced,
            @Schema(description = "What differs; absent when it reproduced") String problem,
            @Schema(description = "How its dice derive: 1 from the seed and its number, 2 from those and its own "
                    + "secret", minimum = "1", maximum = "2") int diceScheme) {
    }

    /** A roll not replayed because it is still hidden: its number and the commitment published for its secret. */
    @Schema(name = "HiddenCheck", description = "A roll still hidden, not replayed", requiredProperties = {"seq"})
    public record HiddenCheck(@Schema(minimum = "1") long seq,
            @Schema(description = "SHA-256 (hex) of its secret, published when it was made",
                    pattern = "^[0-9a-f]{64}$") String diceCommitment) {
    }
}
