import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordingFile;

/**
 * Reads a flight recording (JFR) and prints where the CPU went: the share of execution samples by the
 * method on top of the stack (self), and by each method anywhere in the stack (total), for the
 * methods of a package prefix (e.g. io.dicehall) and for everything. Used by benchmarks/profile.sh:
 *   java benchmarks/profile/Hotspots.java RECORDING.jfr [PREFIX [ROWS [METHOD]]]
 * (with METHOD, e.g. io.dicehall.web.tables.control.RollWriter.commit, also what it calls, by share)
 */
public class Hotspots {

    public static void main(String[] args) throws Exception {
        String prefix = args.length > 1 ? args[1] : "io.dicehall";
        int rows = args.length > 2 ? Integer.parseInt(args[2]) : 15;
        var self = new HashMap<String, Integer>();
        var total = new HashMap<String, Integer>();
        var ours = new HashMap<String, Integer>();
        String under = args.length > 3 ? args[3] : null; // a method whose callees to count
        var callees = new HashMap<String, Integer>();
        int samples = 0;
        for (RecordedEvent e : RecordingFile.readAllEvents(Path.of(args[0]))) {
            if (!e.getEventType().getName().equals("jdk.ExecutionSample") || e.getStackTrace() == null) {
                continue;
            }
            List<RecordedFrame> frames = e.getStackTrace().getFrames();
            if (frames.isEmpty()) {
                continue;
            }
            samples++;
            self.merge(name(frames.get(0)), 1, Integer::sum);
            if (under != null) {
                for (int i = frames.size() - 1; i > 0; i--) {
                    if (name(frames.get(i)).equals(under)) {
                        callees.merge(name(frames.get(i - 1)), 1, Integer::sum);
                        break;
                    }
                }
            }
            var seen = new java.util.HashSet<String>();
            for (RecordedFrame f : frames) {
                String n = name(f);
                if (seen.add(n)) {
                    total.merge(n, 1, Integer::sum);
                    if (n.startsWith(prefix)) {
                        ours.merge(n, 1, Integer::sum);
                    }
                }
            }
        }
        System.out.println("execution samples: " + samples);
        print("on top of the stack (self)", self, samples, rows);
        print(prefix + " methods anywhere in the stack (total)", ours, samples, rows);
        print("any method anywhere in the stack (total)", total, samples, rows);
        if (under != null) {
            print("called by " + under, callees, samples, rows);
        }
    }

    private static String name(RecordedFrame f) {
        return f.getMethod().getType().getName() + "." + f.getMethod().getName();
    }

    private static void print(String title, Map<String, Integer> counts, int samples, int rows) {
        System.out.println();
        System.out.println("| " + title + " | share |");
        System.out.println("|---|---:|");
        counts.entrySet().stream().sorted(Map.Entry.<String, Integer>comparingByValue().reversed()).limit(rows)
                .forEach(c -> System.out.printf("| `%s` | %.1f%% |%n", c.getKey(), 100.0 * c.getValue() / Math.max(1, samples)));
    }
}
