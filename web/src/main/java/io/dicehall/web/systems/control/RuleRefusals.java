package io.dicehall.web.systems.control;

import io.dicehall.api.GivenDice;
import io.dicehall.api.Move;
import io.dicehall.api.form.Violation;
import io.dicehall.api.state.RollState;
import io.dicehall.web.platform.Refusal;
import io.dicehall.web.platform.Refusal.Kind;
import io.dicehall.web.systems.control.InstalledSystem.InstalledProcedure;
import java.util.List;

/**
 * The refusals of a roll's way through a rules system, with the words players and client authors read: each a
 * {@link Refusal} of a kind, a stable code and plain English, naming the field and the rule where a field is at
 * fault. Written here once, for {@link Rules} and {@link SystemGuard}; how a refusal is answered (a status, a page
 * message) is the edge's business.
 */
final class RuleRefusals {

    private RuleRefusals() {
    }

    /** No system of that id here, though other instances of the cluster have it. */
    static Refusal notOnThisInstance(String systemId, String instance, List<String> elsewhere) {
        return Refusal.of(Kind.UNKNOWN, "system-not-on-this-instance", "System not on this instance",
                "The rules system \"" + abbreviate(systemId) + "\" is not installed on this instance (" + instance
                        + "), only on: " + String.join(", ", elsewhere)
                        + ". Its plugin JAR belongs in every instance's plugins directory.");
    }

    /** No system of that id anywhere. */
    static Refusal unknownSystem(String systemId) {
        return Refusal.of(Kind.UNKNOWN, "unknown-system", "Unknown system",
                "No rules system with the id \"" + abbreviate(systemId) + "\" is installed.");
    }

    /** The system has no procedure of that id. */
    static Refusal unknownProcedure(InstalledSystem system, String procedureId) {
        return Refusal.of(Kind.UNKNOWN, "unknown-procedure", "Unknown procedure", "The system " + system.id()
                + " has no procedure \"" + abbreviate(procedureId) + "\"; it has: "
                + String.join(", ", system.procedures().stream().map(InstalledProcedure::id).toList()) + ".");
    }

    /**
     * Inputs that do not fit a form.
     *
     * @param whose whose inputs, as the sentence begins: {@code The inputs}, {@code The move's inputs}
     */
    static Refusal invalidInput(String whose, List<Violation> violations) {
        return Refusal.violated(Kind.INVALID, "invalid-input", "Invalid input", whose + " break "
                + rules(violations.size()) + ".", "inputs", violations);
    }

    /** A roll's inputs that fit the form but break the system's own rules. */
    static Refusal ruleViolated(InstalledSystem system, List<Violation> broken) {
        return Refusal.violated(Kind.INVALID, "rule-violated", "Rule violated", "These inputs break "
                + rules(broken.size()) + " of " + system.name() + ".", "inputs", broken);
    }

    /** A move on a roll that is over. */
    static Refusal rollComplete() {
        return Refusal.of(Kind.CONFLICT, "roll-complete", "Roll is over",
                "This roll is complete; no move can be made on it.");
    }

    /** A move the roll does not offer now. */
    static Refusal moveNotOpen(String moveId, RollState state) {
        return Refusal.of(Kind.CONFLICT, "move-not-open", "Move not open", "\"" + abbreviate(moveId)
                + "\" is not a move open on this roll now; open moves: "
                + String.join(", ", state.moves().stream().map(m -> m.id()).toList()) + ".");
    }

    /** A move whose inputs fit its form but break the system's own rules. */
    static Refusal moveRefused(InstalledSystem system, List<Violation> broken) {
        return Refusal.violated(Kind.CONFLICT, "move-refused", "Move refused", "This move breaks "
                + rules(broken.size()) + " of " + system.name() + ".", "inputs", broken);
    }

    /** A move past the most one roll may take. */
    static Refusal tooManyMoves(int most) {
        return Refusal.of(Kind.CONFLICT, "too-many-moves", "Too many moves",
                "This roll has reached its limit of " + most + " moves.");
    }

    /** Decision odds asked of a move that gives none. */
    static Refusal noOdds(Move move) {
        return Refusal.of(Kind.CONFLICT, "no-odds", "No odds for this move",
                "The move " + move.id() + " does not give odds.");
    }

    /** A goal named for a procedure whose outcomes have no order. */
    static Refusal goalWithoutOrder(InstalledProcedure procedure) {
        return Refusal.violated(Kind.INVALID, "invalid-input", "Invalid input", "This procedure's outcomes have no order.",
                "", List.of(new Violation("goal", "cannot be set: " + procedure.name() + " has no better or worse"
                        + " outcomes to aim at")));
    }

    /** A goal that is not one of the outcomes to aim at. */
    static Refusal unknownGoal(List<String> aims) {
        return Refusal.violated(Kind.INVALID, "invalid-input", "Invalid input", "Unknown goal.", "",
                List.of(new Violation("goal", "is not an outcome you can aim at here; one of: "
                        + String.join(", ", aims))));
    }

    /** Faces typed for dice thrown by hand that do not fit the dice the roll threw: the player's to correct. */
    static Refusal wrongFaces(GivenDice.Refused refused) {
        String field = refused.index() < 0 ? "faces" : "faces[" + refused.index() + "]";
        return Refusal.violated(Kind.INVALID, "wrong-faces", "Faces do not fit the dice",
                "The faces entered do not fit the dice this roll throws.", "",
                List.of(new Violation(field, refused.getMessage())));
    }

    /** Every worker the system may have is taken. */
    static Refusal busy(InstalledSystem system) {
        return Refusal.of(Kind.UNAVAILABLE, "rules-busy", "Rules busy", "Every worker this server gives "
                + "the rules system " + system.name() + " is busy with a slow call; try again shortly.");
    }

    /** The system took longer than its time limit. */
    static Refusal tooSlow(InstalledSystem system, long timeLimitMillis) {
        return Refusal.of(Kind.TIMED_OUT, "system-timeout", "Rules system too slow", "The rules system "
                + system.name() + " took longer than " + timeLimitMillis + " ms and was stopped. Nothing was stored.");
    }

    /** The server is stopping. */
    static Refusal stopping() {
        return Refusal.of(Kind.UNAVAILABLE, "interrupted", "Interrupted", "The server is stopping.");
    }

    /**
     * The system's fault: it threw, answered nonsense or misbehaved.
     *
     * @param what what it did, as the sentence goes on after its name: {@code failed}, {@code returned no odds}
     */
    static Refusal fault(InstalledSystem system, String what) {
        return Refusal.of(Kind.SYSTEM_FAILED, "system-fault", "Rules system failed", "The rules system " + system.name()
                + " " + what + " on this request. Nothing was stored; the fault has been logged for the operator.");
    }

    private static String rules(int broken) {
        return broken == 1 ? "a rule" : broken + " rules";
    }

    private static String abbreviate(String text) {
        if (text == null) {
            return "";
        }
        return text.length() > 60 ? text.substring(0, 60) + "…" : text;
    }
}
