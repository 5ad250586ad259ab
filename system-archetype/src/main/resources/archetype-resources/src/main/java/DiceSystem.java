package ${package};

import io.dicehall.api.Attribution;
import io.dicehall.api.GameSystem;
import io.dicehall.api.Procedure;
import java.util.List;

/**
 * The rules system: what the menu shows, and its procedures. Named in
 * {@code META-INF/services/io.dicehall.api.GameSystem}, so the server finds it.
 */
public final class DiceSystem implements GameSystem {

    private static final List<Procedure> PROCEDURES = List.of(new ActionProcedure(), new CheckProcedure());

    @Override
    public String id() {
        return "${systemId}";
    }

    @Override
    public String name() {
        return "${systemName}";
    }

    @Override
    public String summary() {
        return "A pool of d6s where the highest die decides, and 2d6 plus a modifier with advantage and luck.";
    }

    @Override
    public Attribution attribution() {
        return Attribution.of("Your name", "The title of your rules", "CC BY 4.0");
    }

    @Override
    public List<Procedure> procedures() {
        return PROCEDURES;
    }

    @Override
    public int spiVersion() {
        // The SPI version this class is compiled against: a server older than that refuses it, saying why.
        return SPI_VERSION;
    }
}
