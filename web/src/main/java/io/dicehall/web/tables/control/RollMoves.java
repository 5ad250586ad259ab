package io.dicehall.web.tables.control;

import io.dicehall.api.Dice;
import io.dicehall.api.GivenDice;
import io.dicehall.api.Move;
import io.dicehall.api.form.Inputs;
import io.dicehall.api.odds.Odds;
import io.dicehall.api.state.RollState;
import io.dicehall.web.platform.store.Durable;
import io.dicehall.web.platform.Ids;
import io.dicehall.web.platform.Refusal;
import io.dicehall.web.systems.control.InstalledSystem;
import io.dicehall.web.systems.control.InstalledSystem.InstalledProcedure;
import io.dicehall.web.systems.control.Judged;
import io.dicehall.web.systems.control.Rules;
import io.dicehall.web.tables.control.TableLog.Roll;
import io.dicehall.web.tables.entity.Ending;
import io.dicehall.web.tables.entity.GameTable;
import io.dicehall.web.tables.entity.RollStep;
import io.dicehall.web.tables.entity.TableRoll;
import io.dicehall.web.tables.entity.Visibility;
import io.dicehall.web.webhooks.control.Outbox;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.time.LocalDateTime;
import java.util.List;

/**
 * What happens to a roll after it was thrown: its roller's moves (with the same dice it was thrown with), who
 * sees it, and the odds and best play of a move the viewer considers.
 */
@ApplicationScoped
@Transactional
public class RollMoves {

    @PersistenceContext(unitName = "dicehall")
    EntityManager em;

    @Inject
    Rules rules;

    @Inject
    Event<TableEvent> events;

    @Inject
    Tables tables;

    @Inject
    Members members;

    @Inject
    TableLog log;

    @Inject
    FairDice dice;

    @Durable
    public Roll move(String tableId, String rollId, String rollerKey, String memberKey, String moveId,
            Object rawInputs) {
        return move(tableId, rollId, rollerKey, memberKey, moveId, rawInputs, null);
    }

    /**
     * A move by the roller: whoever holds the roll's key, or the member who made it (their member key), so
     * that every device of theirs can play it. A roll thrown by hand takes the faces of the dice the move
     * throws ({@code faces}: exactly as many as it throws, none when it throws none).
     */
    @Durable
    public Roll move(String tableId, String rollId, String rollerKey, String memberKey, String moveId,
            Object rawInputs, List<String> faces) {
        GameTable table = tables.table(tableId);
        Viewer viewer = members.viewer(table, null, memberKey, rollerKey);
        TableRoll roll = log.rollAt(table, rollId, viewer);
        if (viewer.memberId() == null || !viewer.memberId().equals(roll.memberId())) {
            Ids.requireRollerKey(rollerKey, Ids.hex(roll.rollerKeyHash()));
        }
        roll = em.find(TableRoll.class, roll.id(), LockModeType.PESSIMISTIC_WRITE);
        table.requireOpen();
        if (roll.ended() != null || (roll.openMoves() && Endings.idle(roll.activeAt(), table.idleSeconds(), Tables.now()))) {
            throw Refusal.of(Refusal.Kind.CONFLICT, "roll-ended", "Roll ended",
                    "This roll's moves have ended (" + (roll.ended() == null ? Ending.IDLE : roll.ended()).word()
                            + "): it stands as it is. Roll again to go on.");
        }
        InstalledSystem system = rules.system(roll.systemId());
        InstalledProcedure procedure = rules.procedure(roll.systemId(), roll.procedureId());
        Inputs inputs = TableLog.storedInputs(procedure, roll);
        RollStep last = log.lastStep(roll);
        RollState state = TableLog.JSON.fromJson(last.stateJson(), RollState.class);
        if (!roll.byHand() && faces != null) {
            throw Refusal.of(Refusal.Kind.CONFLICT, "physical-dice-off", "Not a roll by hand",
                    "This roll's dice were thrown by the server; its moves are too.");
        }
        GivenDice given = roll.byHand() ? GivenDice.of(faces == null ? List.of() : faces) : null;
        Dice thrower = given != null ? given : dice.dice(table, roll.seq(), roll.diceSecret(), last.diceDrawn());
        Rules.Played played = rules.play(system, procedure, inputs, state, roll.steps() - 1, moveId, rawInputs, thrower);
        if (given != null) {
            TableRolls.requireAllUsed(given);
        }
        Move move = played.move();
        RollState next = played.next();
        LocalDateTime at = Tables.now();
        em.persist(new RollStep(roll.id(), roll.addStep(), move.id(), TableLog.JSON.toJson(move.inputs().toMap()),
                TableLog.JSON.toJson(next), FairDice.drawn(thrower), at));
        roll.active(!next.moves().isEmpty(), at);
        if (next.moves().isEmpty()) { // played out: posted to the table's webhooks as it now stands
            Outbox.add(em, new Outbox.Stored(table.id(), roll.id(), at, roll.steps() - 1));
        }
        events.fire(new TableEvent(table.id(), roll.id(), TableEvent.MOVE));
        return new Roll(roll, next, null);
    }

    /**
     * Changes who sees a roll: its roller (by roller key or member key) or the GM (owner key) may, while the
     * table is open. Revealing a secret roll is the usual case.
     */
    @Durable
    public TableRoll changeVisibility(String tableId, String rollId, Viewer viewer, Visibility visibility) {
        GameTable table = tables.table(tableId);
        TableRoll roll = log.rollAt(table, rollId, viewer);
        if (!viewer.owner() && !viewer.rolled(roll)) {
            throw Refusal.of(Refusal.Kind.NOT_ALLOWED, "not-yours", "Not your roll",
                    "Only the roller (with the Roller-Key or Member-Key) or the GM (Owner-Key) may change who sees this roll.");
        }
        table.requireOpen();
        roll = em.find(TableRoll.class, roll.id(), LockModeType.PESSIMISTIC_WRITE);
        if (roll.visibility() != visibility) {
            roll.show(visibility);
            events.fire(new TableEvent(table.id(), roll.id(), TableEvent.VISIBILITY));
        }
        return roll;
    }

    /** A roll at a table, as the viewer may see it, judged: a move's decision odds (if named) and best play. */
    public Judged judge(String tableId, String rollId, Viewer viewer, String moveId, Object rawInputs, String goalId) {
        TableRoll roll = log.rollAt(tables.table(tableId), rollId, viewer);
        InstalledSystem system = rules.system(roll.systemId());
        InstalledProcedure procedure = rules.procedure(roll.systemId(), roll.procedureId());
        return rules.judge(system, procedure, TableLog.storedInputs(procedure, roll), log.state(roll), moveId,
                rawInputs, goalId);
    }

    /** Decision odds of a move on a roll the viewer can see. */
    public Odds odds(String tableId, String rollId, Viewer viewer, String moveId, Object rawInputs) {
        TableRoll roll = log.rollAt(tables.table(tableId), rollId, viewer);
        InstalledSystem system = rules.system(roll.systemId());
        InstalledProcedure procedure = rules.procedure(roll.systemId(), roll.procedureId());
        Inputs inputs = TableLog.storedInputs(procedure, roll);
        RollState state = log.state(roll);
        return rules.odds(system, procedure, inputs, state, rules.move(system, procedure, inputs, state, moveId, rawInputs));
    }
}
