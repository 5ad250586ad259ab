package io.dicehall.api.play;

import io.dicehall.api.Move;
import io.dicehall.api.internal.Bareiss;
import io.dicehall.api.internal.Rational;
import io.dicehall.api.odds.Fraction;
import java.math.BigInteger;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * One best-play search over one game toward one goal: the positions met so far, each with its value once known.
 * Not thread-safe; used for one answer and dropped.
 *
 * <p>The positions and the moves between them form a graph, explored depth first from where the moves asked
 * about lead (Tarjan's algorithm, with an explicit stack, so long plays need no deep call stack). A group of
 * positions that can reach one another (a strongly connected component) is valued as soon as the search has
 * left it, when every position it leads to outside itself has its value:
 * <ul>
 *   <li>a position alone, over or answered by {@link Game#value}, has its value already;</li>
 *   <li>a position alone with moves, the usual case, is worth its best move: {@code max} over moves of {@code
 *       Σ p · value}; a move that may lead back to the position itself (with probability {@code s < 1}) is
 *       worth {@code Σ_{other} p · value / (1 - s)}, since the best play repeats it; one that surely leads back
 *       never ends the roll and is left out;</li>
 *   <li>a larger group (an extended roll whose total can fall back to where it was) is solved exactly by
 *       policy iteration: a policy is valued by solving its linear equations in whole numbers (Bareiss),
 *       positions from which it never leaves the group being worth 0, and improved wherever a move is strictly
 *       better, until none is; it starts from the policy a value iteration in doubles suggests, so one or two
 *       rounds are usual.</li>
 * </ul>
 * Sums are kept as an unreduced numerator and denominator (with dice one denominator nearly always divides the
 * other, so no gcd is needed), compared by cross-multiplying, and reduced once per position.
 */
final class Search<P> {

    private static final Edge[] NO_EDGES = new Edge[0];
    private static final Move[] NO_MOVES = new Move[0];

    private final Game<P> game;
    private final Goal goal;
    private final boolean shortcuts;
    private final int limit;
    private final Map<P, Node> nodes = new HashMap<>();
    private final ArrayDeque<Node> tarjan = new ArrayDeque<>();
    private int counter;
    private int components;

    Search(Game<P> game, Goal goal, boolean shortcuts, int limit) {
        this.game = game;
        this.goal = goal;
        this.shortcuts = shortcuts;
        this.limit = limit;
    }

    /** A position met by the search. */
    private static final class Node {
        final Object position;
        int index = -1;
        int low;
        boolean onStack;
        /** The best-play value, once known. */
        Fraction value;
        /** The moves and where each leads, until the node is valued. */
        Move[] moves;
        Edge[] edges;
        /** Which component the node was valued in, and its place there, during policy iteration. */
        int component = -1;
        int local;

        Node(Object position) {
            this.position = position;
        }
    }

    /** Where one move leads: the target nodes with their weights over a common total. */
    private record Edge(Node[] targets, BigInteger[] weights, BigInteger total) {
    }

    /** A sum not yet reduced: {@code num / den}. */
    private record Sum(BigInteger num, BigInteger den) {
        int compareTo(Sum that) {
            return num.multiply(that.den).compareTo(that.num.multiply(den));
        }

        Fraction toFraction() {
            return Fraction.of(num, den);
        }
    }

    /** @return the best-play value before the roll: over the lottery of the first throw */
    Fraction beforeRoll(Lottery<P> start) {
        Edge edge = edge(start);
        for (Node target : edge.targets) {
            if (target.value == null) {
                run(target);
            }
        }
        return weighted(edge, null, edge.total).toFraction();
    }

    /**
     * Best play where the player is now: a root outside the graph, whose moves are given (a real state's moves
     * name its dice, which positions need not), with the value of each under best play after it.
     *
     * @param moves the moves open now; empty if the roll is over
     * @param next where each move leads
     * @param outcome the outcome as it stands, asked only when there are no moves
     */
    BestPlay at(List<Move> moves, Function<Move, Lottery<P>> next, Supplier<String> outcome) {
        Objects.requireNonNull(moves, "moves gave null");
        if (moves.isEmpty()) {
            String id = Objects.requireNonNull(outcome.get(), "outcome gave null");
            return new BestPlay(goal, goal.reachedBy(id) ? Fraction.ONE : Fraction.ZERO, List.of());
        }
        var edges = new ArrayList<Edge>();
        for (Move move : moves) {
            edges.add(edge(next.apply(Objects.requireNonNull(move, "moves listed null"))));
        }
        for (Edge edge : edges) {
            for (Node target : edge.targets) {
                if (target.value == null) {
                    run(target);
                }
            }
        }
        var chances = new ArrayList<MoveChance>();
        for (int i = 0; i < moves.size(); i++) {
            Edge edge = edges.get(i);
            chances.add(new MoveChance(moves.get(i), weighted(edge, null, edge.total).toFraction()));
        }
        chances.sort(Comparator.comparing(MoveChance::probability).reversed());
        return new BestPlay(goal, chances.get(0).probability(), chances);
    }

    private Node node(P position) {
        Objects.requireNonNull(position, "a game gave a null position");
        return nodes.computeIfAbsent(position, Node::new);
    }

    private Edge edge(Lottery<P> lottery) {
        Objects.requireNonNull(lottery, "a game gave no lottery");
        var targets = new Node[lottery.size()];
        var weights = new BigInteger[lottery.size()];
        for (int i = 0; i < targets.length; i++) {
            targets[i] = node(lottery.position(i));
            weights[i] = lottery.weight(i);
        }
        return new Edge(targets, weights, lottery.total());
    }

    /** One node on the depth-first path, and how far through its moves' targets the search is. */
    private static final class Frame {
        final Node node;
        int edge;
        int target;

        Frame(Node node) {
            this.node = node;
        }

        Node next() {
            while (edge < node.edges.length) {
                Edge e = node.edges[edge];
                if (target < e.targets.length) {
                    return e.targets[target++];
                }
                edge++;
                target = 0;
            }
            return null;
        }
    }

    private void run(Node start) {
        var frames = new ArrayDeque<Frame>();
        frames.push(open(start));
        while (!frames.isEmpty()) {
            Frame frame = frames.peek();
            Node next = frame.next();
            if (next != null) {
                if (next.index < 0) {
                    frames.push(open(next));
                } else if (next.onStack) {
                    frame.node.low = Math.min(frame.node.low, next.index);
                }
                continue;
            }
            frames.pop();
            Node done = frame.node;
            if (!frames.isEmpty()) {
                Node parent = frames.peek().node;
                parent.low = Math.min(parent.low, done.low);
            }
            if (done.low == done.index) {
                close(done);
            }
        }
    }

    @SuppressWarnings("unchecked")
    private Frame open(Node node) {
        if (counter >= limit) {
            throw new SearchLimitException(limit);
        }
        node.index = counter;
        node.low = counter;
        counter++;
        tarjan.push(node);
        node.onStack = true;
        P position = (P) node.position;
        node.moves = NO_MOVES;
        node.edges = NO_EDGES;
        if (shortcuts) {
            Optional<Fraction> known = Objects.requireNonNull(game.value(position, goal), "value gave null");
            if (known.isPresent()) {
                node.value = probability(known.get(), "the game's value of " + position);
                return new Frame(node);
            }
        }
        List<Move> moves = Objects.requireNonNull(game.moves(position), "moves gave null");
        if (moves.isEmpty()) {
            String outcome = Objects.requireNonNull(game.outcome(position), "outcome gave null");
            node.value = goal.reachedBy(outcome) ? Fraction.ONE : Fraction.ZERO;
            return new Frame(node);
        }
        node.moves = moves.toArray(Move[]::new);
        node.edges = new Edge[node.moves.length];
        for (int i = 0; i < node.moves.length; i++) {
            Move move = Objects.requireNonNull(node.moves[i], "moves listed null");
            node.edges[i] = edge(game.next(position, move));
        }
        return new Frame(node);
    }

    private static Fraction probability(Fraction p, String what) {
        Objects.requireNonNull(p, what);
        if (p.compareTo(Fraction.ONE) > 0) {
            throw new IllegalStateException(what + " is above 1: " + p);
        }
        return p;
    }

    /** Values the component whose first node is {@code root}, now that the search has left it. */
    private void close(Node root) {
        var members = new ArrayList<Node>();
        Node n;
        do {
            n = tarjan.pop();
            n.onStack = false;
            members.add(n);
        } while (n != root);
        if (members.size() == 1) {
            if (root.value == null) {
                root.value = alone(root);
            }
        } else {
            new Component(members, components++).solve();
        }
        for (Node member : members) {
            member.moves = null;
            member.edges = null;
        }
    }

    /** The value of a node that is a component alone: its best move, a move back to itself repeated. */
    private static Fraction alone(Node node) {
        Sum best = null;
        for (Edge edge : node.edges) {
            BigInteger stay = BigInteger.ZERO;
            for (int i = 0; i < edge.targets.length; i++) {
                if (edge.targets[i] == node) {
                    stay = stay.add(edge.weights[i]);
                }
            }
            BigInteger leave = edge.total.subtract(stay);
            if (leave.signum() == 0) {
                continue; // a move that surely leads back here never ends the roll
            }
            Sum sum = weighted(edge, node, leave);
            if (best == null || sum.compareTo(best) > 0) {
                best = sum;
            }
        }
        return best == null ? Fraction.ZERO : best.toFraction();
    }

    /**
     * @param skip a target to leave out (the node itself), or null
     * @param over what to divide by (the edge's total, or what leaves the node)
     * @return {@code Σ weight · value / over} over the targets but {@code skip}, unreduced
     */
    private static Sum weighted(Edge edge, Node skip, BigInteger over) {
        BigInteger num = BigInteger.ZERO;
        BigInteger den = BigInteger.ONE;
        for (int i = 0; i < edge.targets.length; i++) {
            Node target = edge.targets[i];
            if (target == skip) {
                continue;
            }
            Fraction value = target.value;
            if (value.isZero()) {
                continue;
            }
            BigInteger term = edge.weights[i].multiply(value.numerator());
            BigInteger d = value.denominator();
            if (d.equals(den)) {
                num = num.add(term);
            } else if (d.bitLength() <= den.bitLength() && den.mod(d).signum() == 0) {
                num = num.add(term.multiply(den.divide(d)));
            } else if (d.mod(den).signum() == 0) {
                num = num.multiply(d.divide(den)).add(term);
                den = d;
            } else {
                num = num.multiply(d).add(term.multiply(den));
                den = den.multiply(d);
            }
        }
        return new Sum(num, den.multiply(over));
    }

    /** A group of nodes that can reach one another, solved by policy iteration. */
    private static final class Component {
        private static final int MAX_ROUNDS = 1000;

        private final List<Node> members;
        private final int id;
        private final int size;
        /** Per member and move: what leaves the component (Σ weight · value, exact), and the weights inside. */
        private final Rational[][] out;
        private final int[][][] insideTargets;
        private final BigInteger[][][] insideWeights;
        private final BigInteger[][] totals;

        Component(List<Node> members, int id) {
            this.members = members;
            this.id = id;
            this.size = members.size();
            for (int k = 0; k < size; k++) {
                members.get(k).component = id;
                members.get(k).local = k;
            }
            out = new Rational[size][];
            insideTargets = new int[size][][];
            insideWeights = new BigInteger[size][][];
            totals = new BigInteger[size][];
            for (int k = 0; k < size; k++) {
                Node node = members.get(k);
                int moves = node.edges.length;
                out[k] = new Rational[moves];
                insideTargets[k] = new int[moves][];
                insideWeights[k] = new BigInteger[moves][];
                totals[k] = new BigInteger[moves];
                for (int a = 0; a < moves; a++) {
                    Edge edge = node.edges[a];
                    var sumTargets = new int[edge.targets.length];
                    var sumWeights = new BigInteger[edge.targets.length];
                    int inside = 0;
                    Rational leaving = Rational.ZERO;
                    for (int i = 0; i < edge.targets.length; i++) {
                        Node target = edge.targets[i];
                        if (target.component == id) {
                            sumTargets[inside] = target.local;
                            sumWeights[inside] = edge.weights[i];
                            inside++;
                        } else if (!target.value.isZero()) {
                            leaving = leaving.plus(Rational.of(target.value).times(edge.weights[i]));
                        }
                    }
                    out[k][a] = leaving;
                    insideTargets[k][a] = Arrays.copyOf(sumTargets, inside);
                    insideWeights[k][a] = Arrays.copyOf(sumWeights, inside);
                    totals[k][a] = edge.total;
                }
            }
        }

        void solve() {
            int[] policy = guess();
            Rational[] values = null;
            for (int round = 0; round < MAX_ROUNDS; round++) {
                values = evaluate(policy);
                boolean changed = false;
                for (int k = 0; k < size; k++) {
                    Rational current = value(k, policy[k], values);
                    int bestMove = policy[k];
                    Rational best = current;
                    for (int a = 0; a < totals[k].length; a++) {
                        Rational q = value(k, a, values);
                        if (q.compareTo(best) > 0) {
                            best = q;
                            bestMove = a;
                        }
                    }
                    if (bestMove != policy[k]) {
                        policy[k] = bestMove;
                        changed = true;
                    }
                }
                if (!changed) {
                    for (int k = 0; k < size; k++) {
                        members.get(k).value = values[k].toFraction();
                    }
                    return;
                }
            }
            throw new IllegalStateException("best play did not settle after " + MAX_ROUNDS + " rounds");
        }

        /** @return the value of move {@code a} at member {@code k}, given every member's value */
        private Rational value(int k, int a, Rational[] values) {
            Rational sum = out[k][a];
            int[] targets = insideTargets[k][a];
            BigInteger[] weights = insideWeights[k][a];
            for (int i = 0; i < targets.length; i++) {
                sum = sum.plus(values[targets[i]].times(weights[i]));
            }
            return sum.dividedBy(totals[k][a]);
        }

        /** The policy that value iteration in doubles suggests: where the exact rounds start. */
        private int[] guess() {
            double[] values = new double[size];
            double[][] outs = new double[size][];
            int edges = 0;
            for (int k = 0; k < size; k++) {
                outs[k] = new double[totals[k].length];
                for (int a = 0; a < totals[k].length; a++) {
                    outs[k][a] = out[k][a].dividedBy(totals[k][a]).toDouble();
                    edges += insideTargets[k][a].length + 1;
                }
            }
            double[][][] weights = new double[size][][];
            for (int k = 0; k < size; k++) {
                weights[k] = new double[totals[k].length][];
                for (int a = 0; a < totals[k].length; a++) {
                    weights[k][a] = new double[insideWeights[k][a].length];
                    for (int i = 0; i < weights[k][a].length; i++) {
                        weights[k][a][i] = Rational.of(insideWeights[k][a][i], totals[k][a]).toDouble();
                    }
                }
            }
            int sweeps = Math.max(50, Math.min(5000, 20_000_000 / Math.max(1, edges)));
            for (int sweep = 0; sweep < sweeps; sweep++) {
                double change = 0;
                for (int k = 0; k < size; k++) {
                    double best = 0;
                    for (int a = 0; a < totals[k].length; a++) {
                        best = Math.max(best, q(k, a, outs, weights, values));
                    }
                    change = Math.max(change, Math.abs(best - values[k]));
                    values[k] = best;
                }
                if (change < 1e-15) {
                    break;
                }
            }
            int[] policy = new int[size];
            for (int k = 0; k < size; k++) {
                double best = -1;
                for (int a = 0; a < totals[k].length; a++) {
                    double q = q(k, a, outs, weights, values);
                    if (q > best + 1e-12) {
                        best = q;
                        policy[k] = a;
                    }
                }
            }
            return policy;
        }

        private double q(int k, int a, double[][] outs, double[][][] weights, double[] values) {
            double q = outs[k][a];
            int[] targets = insideTargets[k][a];
            for (int i = 0; i < targets.length; i++) {
                q += weights[k][a][i] * values[targets[i]];
            }
            return q;
        }

        /**
         * The exact value of every member under a policy: 0 where the policy never leaves the component, else
         * the solution of {@code total · v_k - Σ_inside weight · v_t = Σ_leaving weight · value}.
         */
        private Rational[] evaluate(int[] policy) {
            // Which members can leave under the policy: those with a way out, and whatever leads to them.
            var leaves = new boolean[size];
            var predecessors = new ArrayList<List<Integer>>();
            for (int k = 0; k < size; k++) {
                predecessors.add(new ArrayList<>());
            }
            var queue = new ArrayDeque<Integer>();
            for (int k = 0; k < size; k++) {
                int a = policy[k];
                BigInteger inside = BigInteger.ZERO;
                for (int i = 0; i < insideTargets[k][a].length; i++) {
                    inside = inside.add(insideWeights[k][a][i]);
                    predecessors.get(insideTargets[k][a][i]).add(k);
                }
                if (inside.compareTo(totals[k][a]) < 0) {
                    leaves[k] = true;
                    queue.add(k);
                }
            }
            while (!queue.isEmpty()) {
                for (int k : predecessors.get(queue.poll())) {
                    if (!leaves[k]) {
                        leaves[k] = true;
                        queue.add(k);
                    }
                }
            }
            int[] row = new int[size];
            int rows = 0;
            for (int k = 0; k < size; k++) {
                row[k] = leaves[k] ? rows++ : -1;
            }
            // Each row times the denominator of what leaves, so that every entry is a whole number.
            var matrix = new BigInteger[rows][rows + 1];
            for (int k = 0; k < size; k++) {
                if (row[k] < 0) {
                    continue;
                }
                int a = policy[k];
                BigInteger scale = out[k][a].den();
                BigInteger[] line = matrix[row[k]];
                Arrays.fill(line, BigInteger.ZERO);
                line[row[k]] = totals[k][a].multiply(scale);
                for (int i = 0; i < insideTargets[k][a].length; i++) {
                    int t = row[insideTargets[k][a][i]];
                    if (t >= 0) {
                        line[t] = line[t].subtract(insideWeights[k][a][i].multiply(scale));
                    }
                }
                line[rows] = out[k][a].num();
            }
            Rational[] solved = Bareiss.solve(matrix);
            var values = new Rational[size];
            for (int k = 0; k < size; k++) {
                values[k] = row[k] < 0 ? Rational.ZERO : solved[row[k]];
            }
            return values;
        }
    }
}
