package io.dicehall.web.platform;

import com.github.benmanes.caffeine.cache.Caffeine;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * {@link BoundedMap} as the server uses it, against a Caffeine cache of the same bound and time to live seen as a
 * concurrent map ({@code impl}), from two threads: the per-roller count of rolls a second
 * ({@link ClientLimits}: a {@code compute} on a key of {@code keys} for every roll), and a held roll read back
 * ({@code get}, nine in ten) or held anew ({@code put}). Run by hand (the build only compiles it), with the lock
 * the other benchmarks take:
 *
 * <pre>
 * mvn -o -q -pl web -am test-compile -Djapicmp.skip
 * mvn -o -q -pl web dependency:build-classpath -Dmdep.outputFile=target/test.cp -Dmdep.includeScope=test
 * java -cp web/target/test-classes:web/target/classes:$(cat web/target/test.cp) org.openjdk.jmh.Main BoundedMapBenchmark
 * </pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@Threads(2)
public class BoundedMapBenchmark {

    /** How many keys are in play: within the bound (all stay), or four times it (evictions all along). */
    @Param({"1000", "40000"})
    int keys;

    /** {@code bounded}: the server's {@link BoundedMap}; {@code caffeine}: Caffeine's cache as a map. */
    @Param({"bounded", "caffeine"})
    String impl;

    private ConcurrentMap<String, AtomicInteger> counts;
    private ConcurrentMap<String, String> held;

    private <V> ConcurrentMap<String, V> map(long ttlNanos) {
        return impl.equals("bounded") ? new BoundedMap<>(10_000, ttlNanos, System::nanoTime)
                : Caffeine.newBuilder().maximumSize(10_000).expireAfterWrite(ttlNanos, TimeUnit.NANOSECONDS)
                        .<String, V>build().asMap();
    }

    @Setup
    public void fill() {
        counts = map(TimeUnit.SECONDS.toNanos(1));
        held = map(TimeUnit.MINUTES.toNanos(10));
        for (int i = 0; i < Math.min(keys, 10_000); i++) {
            held.put("roll " + i, "state " + i);
        }
    }

    /** ClientLimits.roll: count a roll by one roller, a new window when there is none. */
    @Benchmark
    public int countARoll() {
        String roller = "member " + ThreadLocalRandom.current().nextInt(keys);
        return counts.compute(roller, (r, old) -> old == null ? new AtomicInteger() : old).incrementAndGet();
    }

    /** RollStore: read a held roll back, or hold a new one (one in ten). */
    @Benchmark
    public Object readOrHold() {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        String id = "roll " + random.nextInt(keys);
        return random.nextInt(10) == 0 ? held.put(id, "state") : held.get(id);
    }
}
