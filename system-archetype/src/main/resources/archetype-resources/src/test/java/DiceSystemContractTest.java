package ${package};

import io.dicehall.api.GameSystem;
import io.dicehall.api.contract.GameSystemContract;

/**
 * Dicehall's contract kit: ids and forms; default and random inputs rolled and played to the end; states that
 * survive JSON; garbage inputs refused; and every odds, before the throw and after any move met, compared with
 * the rules over every face (or a large seeded sample where there are too many).
 */
class DiceSystemContractTest extends GameSystemContract {

    @Override
    protected GameSystem system() {
        return new DiceSystem();
    }
}
