package io.dicehall.systems.taskschecks;

import io.dicehall.api.Attribution;
import io.dicehall.api.GameSystem;
import io.dicehall.api.Procedure;
import java.util.List;

/**
 * Checks and Tasks from Seraaron's rules vault (https://github.com/Seraaron/agora, CC BY 4.0: the Checks
 * and Tasks pages and the pages they link):
 * d6 pools counted against a rank, KISS re-throws, Ego, help, Fate's Offering and the Die of
 * Fortune, with exact odds.
 */
public final class TasksChecksSystem implements GameSystem {

    private static final List<Procedure> PROCEDURES = List.of(new CheckProcedure(), new SlowCheckProcedure(),
            new GroupCheckProcedure(), new VersusCheckProcedure(), new TaskProcedure(), new OpposedTaskProcedure());

    @Override
    public String id() {
        return "tasks-checks";
    }

    @Override
    public String name() {
        return "Tasks & Checks";
    }

    @Override
    public String summary() {
        return "Pools of d6 counted against a rank: Checks for raw talent, Tasks for a job's training, with KISS"
                + " re-throws, Ego, help, offerings and the Die of Fortune.";
    }

    @Override
    public Attribution attribution() {
        return new Attribution("Seraaron", "Checks and Tasks (rules vault)", "CC BY 4.0",
                "https://github.com/Seraaron/agora");
    }

    /** Built against the SPI with best play (version 2): an older server refuses it rather than fail later. */
    @Override
    public int spiVersion() {
        return SPI_VERSION;
    }

    @Override
    public List<Procedure> procedures() {
        return PROCEDURES;
    }
}
