package ${package};

import io.dicehall.api.GameSystem;
import io.dicehall.api.contract.GameSystemContract;

/**
 * Dicehall's contract kit: ids and forms; default and random inputs rolled and played to the end; states that
 * survive JSON; garbage inputs refused; and every odds compared with a large seeded sample.
 */
class DiceSystemContractTest extends GameSystemContract {

    @Override
    protected GameSystem system() {
        return new DiceSystem();
    }
}
