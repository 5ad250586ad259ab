package io.dicehall.web.systems.control;

import io.dicehall.api.odds.Odds;
import io.dicehall.api.play.BestPlay;
import io.dicehall.api.play.MoveChance;
import io.dicehall.api.state.Outcome;
import io.dicehall.api.state.RollState;
import java.util.List;

/**
 * What a roll's state is worth to the player: the decision odds of a move (or none), best play now toward a
 * goal (or none), and the asked move's value under best play (or none); with the procedure's outcomes and the
 * state, to name what they refer to.
 *
 * @param odds the move's decision odds, or null when no move was asked about
 * @param best best play now, or null without an order or a game
 * @param asked the asked move, then best play; or null
 * @param outcomes the procedure's declared outcomes
 * @param state the state it was judged in
 */
public record Judged(Odds odds, BestPlay best, MoveChance asked, List<Outcome> outcomes, RollState state) {
}
