package io.dicehall.web.systems.control;

import io.dicehall.web.platform.cluster.Cluster;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.Collectors;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Which instance of a cluster has which rules system. Every instance loads systems from its own
 * plugins directory, so they may differ; each one writes the ids of its systems into the
 * {@link Cluster}'s replicated entries {@code dicehall-instance-systems} (Payara's Hazelcast) under its
 * member id, every few seconds and with a time to live, and reads the entries of the members that are
 * in the cluster now. Replicated entries are copied to every member, so reading them never waits on
 * another instance, even one that has just died; a dead instance drops out when it leaves the member
 * list, and its entry expires. Without Hazelcast the list names this instance alone. An instance is named by
 * {@code dicehall.instance.name}, else by its HTTP address ({@code 127.0.0.1:8080}), else by its cluster address.
 */
@ApplicationScoped
public class ClusterSystems {

    private static final Logger LOG = Logger.getLogger(ClusterSystems.class.getName());
    private static final String MAP = "dicehall-instance-systems";
    private static final long EVERY_SECONDS = 3;
    private static final long KEPT_SECONDS = 30;

    @Inject
    Cluster cluster;

    @Inject
    SystemRegistry registry;

    @Inject
    @ConfigProperty(name = "dicehall.instance.name")
    Optional<String> configuredName;

    /** The HTTP port, as Payara's own configuration source gives it; absent on other servers. */
    @Inject
    @ConfigProperty(name = "payara.instance.http.port")
    Optional<Integer> httpPort;

    @Resource
    ManagedScheduledExecutorService scheduler;

    private Cluster.Entries instances;
    private String name;
    private ScheduledFuture<?> publisher;

    /** The systems of one instance. */
    public record InstanceSystems(String instance, Set<String> systems) {
    }

    @PostConstruct
    void init() {
        name = configuredName.map(String::strip).filter(n -> !n.isEmpty())
                .or(this::httpAddress)
                .orElseGet(() -> cluster.localAddress().orElse("this instance"));
        try {
            instances = cluster.entries(MAP);
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "No map " + MAP + ": the systems list shows this instance only", e);
        }
    }

    /**
     * @return where this instance answers HTTP, {@code host:port}: the host of its cluster address (an address of
     *     this machine that the other instances reach), else {@code localhost}, and the HTTP port; empty where the
     *     server does not say its port
     */
    private Optional<String> httpAddress() {
        return httpPort.filter(port -> port > 0).map(port -> {
            String host = cluster.localAddress().map(a -> a.substring(0, Math.max(0, a.lastIndexOf(':'))))
                    .filter(h -> !h.isEmpty()).orElse("localhost");
            return (host.contains(":") && !host.startsWith("[") ? "[" + host + "]" : host) + ":" + port;
        });
    }

    /** Starts publishing this instance's systems once the application is up. */
    void start(@Observes @Initialized(ApplicationScoped.class) Object started) {
        if (instances != null && scheduler != null && publisher == null) {
            publish();
            publisher = scheduler.scheduleWithFixedDelay(this::publish, EVERY_SECONDS, EVERY_SECONDS, TimeUnit.SECONDS);
        }
    }

    @PreDestroy
    void stop() {
        if (publisher != null) {
            publisher.cancel(false);
        }
        if (instances != null) {
            try {
                instances.remove(localKey());
            } catch (RuntimeException leaving) {
                LOG.log(Level.FINE, "could not withdraw this instance's systems", leaving);
            }
        }
    }

    private void publish() {
        try {
            instances.put(localKey(), name + "\n" + String.join(",", local()), Duration.ofSeconds(KEPT_SECONDS));
        } catch (RuntimeException e) {
            LOG.log(Level.FINE, "could not publish this instance's systems", e);
        }
    }

    private String localKey() {
        return cluster.localMember();
    }

    private Set<String> local() {
        return registry.all().stream().map(InstalledSystem::id).collect(Collectors.toCollection(TreeSet::new));
    }

    /** @return this instance's name, as the systems list shows it */
    public String name() {
        return name;
    }

    /**
     * @return every live instance with its systems, this one first (its own list read directly, so it
     *     is never stale), the others by name
     */
    public List<InstanceSystems> all() {
        var others = new TreeMap<String, Set<String>>();
        if (instances != null) {
            try {
                String self = cluster.localMember();
                for (String member : cluster.memberIds()) {
                    String entry = member.equals(self) ? null : instances.get(member);
                    if (entry == null) {
                        continue;
                    }
                    String[] parts = entry.split("\n", 2);
                    others.put(parts[0], parts.length < 2 || parts[1].isEmpty() ? Set.of()
                            : new TreeSet<>(List.of(parts[1].split(","))));
                }
            } catch (RuntimeException e) {
                LOG.log(Level.FINE, "could not read the other instances' systems", e);
            }
        }
        var all = new java.util.ArrayList<InstanceSystems>();
        all.add(new InstanceSystems(name, local()));
        others.forEach((instance, systems) -> all.add(new InstanceSystems(instance, systems)));
        return all;
    }

    /** @return the names of the live instances other than this one that have the system */
    public List<String> elsewhere(String systemId) {
        return all().stream().skip(1).filter(i -> i.systems().contains(systemId)).map(InstanceSystems::instance)
                .toList();
    }

    /** @return whether every live instance has the same systems */
    public static boolean uniform(List<InstanceSystems> instances) {
        return instances.stream().map(InstanceSystems::systems).distinct().count() <= 1;
    }

    /** @return the instances that have the system, in the order of {@code instances} */
    public static List<String> having(List<InstanceSystems> instances, String systemId) {
        return instances.stream().filter(i -> i.systems().contains(systemId)).map(InstanceSystems::instance).toList();
    }
}
