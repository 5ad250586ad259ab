package io.dicehall.web.fuzz;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.hasItems;
import static org.hamcrest.Matchers.is;

import io.dicehall.web.fuzz.RequestPipeline.Reach;
import io.dicehall.web.fuzz.RequestPipeline.Stage;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The seed inputs of {@link RequestFuzzTest#requestBodies} still reach deep: a seed that a change to
 * a system's form or rules quietly turns into a refusal would leave the regression run testing
 * nothing. Every bundled procedure is rolled from a body that names it, moves are made and their odds
 * computed, and every kind of refusal is seen.
 */
class SeedCorpusTest {

    @Test
    void seedsReachEveryProcedureAndStage() throws IOException, URISyntaxException {
        Path seeds = Path.of(getClass().getResource("RequestFuzzTestInputs/requestBodies").toURI());
        var rolled = new TreeSet<String>();
        var stages = EnumSet.noneOf(Stage.class);
        int moveOdds = 0;
        List<Path> files;
        try (Stream<Path> list = Files.list(seeds)) {
            files = list.sorted().toList();
        }
        for (Path file : files) {
            Reach reach = RequestPipeline.run(Files.readAllBytes(file));
            stages.add(reach.stage());
            moveOdds += reach.moveOdds();
            if (reach.named() && (reach.stage() == Stage.ROLLED || reach.stage() == Stage.MOVED)) {
                rolled.add(reach.procedure());
            }
        }
        var missing = new ArrayList<String>();
        RequestPipeline.PROCEDURES.stream().map(RequestPipeline.Bundled::key).filter(k -> !rolled.contains(k))
                .forEach(missing::add);
        assertThat("bundled procedures no seed rolls", missing, is(empty()));
        assertThat(stages, hasItems(Stage.values()));
        assertThat("seeds that compute the odds of a move", moveOdds > 0, is(true));
    }
}
