package io.dicehall.systems.fate;

import io.dicehall.api.Attribution;
import io.dicehall.api.Dice;
import io.dicehall.api.GameSystem;
import io.dicehall.api.Move;
import io.dicehall.api.Procedure;
import io.dicehall.api.form.Field;
import io.dicehall.api.form.Form;
import io.dicehall.api.form.Inputs;
import io.dicehall.api.form.TextField;
import io.dicehall.api.form.Violation;
import io.dicehall.api.odds.Odds;
import io.dicehall.api.play.Game;
import io.dicehall.api.play.OutcomeOrder;
import io.dicehall.api.state.MoveOption;
import io.dicehall.api.state.Outcome;
import io.dicehall.api.state.RollState;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * Fate Condensed for brute force over every legal move: in every open state the invoke forms offer, as the
 * aspect's default, one that side has not yet paid a fate point for on this roll ("Aspect 1", "Aspect 2" …),
 * where the real forms leave it blank. Everything else is the real system's, states included.
 *
 * <p>The contract kit's {@link io.dicehall.api.contract.BruteForce} fills a text field with its default, and an
 * invoke's aspect defaults to blank, which the rules refuse: over the real system it finds no legal invoke at
 * all, and its best play would be that of a player who never invokes. Players name aspects; the inputs do not
 * count them, so a player always has one more to pay a fate point for. With that aspect as the default, brute
 * force plays exactly the invokes a player has, every payment and effect of them, through the real rules, and
 * names them as the game does.
 */
final class NamedAspects {

    private NamedAspects() {
    }

    static GameSystem of(GameSystem system) {
        List<Procedure> procedures = system.procedures().stream().<Procedure>map(Named::new).toList();
        return new GameSystem() {
            @Override
            public String id() {
                return system.id();
            }

            @Override
            public String name() {
                return system.name();
            }

            @Override
            public String summary() {
                return system.summary();
            }

            @Override
            public Attribution attribution() {
                return system.attribution();
            }

            @Override
            public List<Procedure> procedures() {
                return procedures;
            }

            @Override
            public int spiVersion() {
                return system.spiVersion();
            }
        };
    }

    /** @return the procedure of Fate Condensed with this id, reading blank aspects as fresh ones */
    static Procedure procedure(String id) {
        return of(new FateCondensed()).procedures().stream().filter(p -> p.id().equals(id)).findFirst()
                .orElseThrow();
    }

    /** @return the state, its invoke forms offering by default an aspect their side has not paid for yet */
    static RollState named(RollState state) {
        if (state.complete()) {
            return state;
        }
        Invokes spent = Invokes.of(state);
        List<MoveOption> moves = state.moves().stream().map(option -> switch (option.id()) {
            case ActionProcedure.INVOKE -> withAspect(option, fresh(spent::paid));
            case ActionProcedure.INVOKE_AGAINST -> withAspect(option, fresh(spent::paidAgainst));
            default -> option;
        }).toList();
        return state.toBuilder().moves(moves).build();
    }

    private static String fresh(Predicate<String> paid) {
        int n = 1;
        while (paid.test("Aspect " + n)) {
            n++;
        }
        return "Aspect " + n;
    }

    private static MoveOption withAspect(MoveOption option, String aspect) {
        List<Field> fields = option.form().fields().stream().map(field -> field instanceof TextField text
                && text.name().equals(ActionProcedure.ASPECT)
                        ? new TextField(text.name(), text.label(), text.help(), text.maxLength(), false, aspect)
                        : field).toList();
        return new MoveOption(option.id(), option.label(), option.help(), new Form(fields), option.hasOdds());
    }

    private record Named(Procedure real) implements Procedure {

        @Override
        public String id() {
            return real.id();
        }

        @Override
        public String name() {
            return real.name();
        }

        @Override
        public String summary() {
            return real.summary();
        }

        @Override
        public Form form() {
            return real.form();
        }

        @Override
        public List<Outcome> outcomes() {
            return real.outcomes();
        }

        @Override
        public List<Violation> check(Inputs inputs) {
            return real.check(inputs);
        }

        @Override
        public RollState start(Inputs inputs, Dice dice) {
            return named(real.start(inputs, dice));
        }

        @Override
        public List<Violation> checkMove(Inputs inputs, RollState state, Move move) {
            return real.checkMove(inputs, state, move);
        }

        @Override
        public RollState apply(Inputs inputs, RollState state, Move move, Dice dice) {
            return named(real.apply(inputs, state, move, dice));
        }

        @Override
        public Odds odds(Inputs inputs) {
            return real.odds(inputs);
        }

        @Override
        public Optional<Odds> odds(Inputs inputs, RollState state, Move move) {
            return real.odds(inputs, state, move);
        }

        @Override
        public OutcomeOrder outcomeOrder() {
            return real.outcomeOrder();
        }

        @Override
        public Optional<Game<?>> game(Inputs inputs) {
            return real.game(inputs);
        }
    }
}
