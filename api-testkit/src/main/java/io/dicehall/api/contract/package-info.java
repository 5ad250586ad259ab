/**
 * The contract kit: {@link io.dicehall.api.contract.GameSystemContract}, which every rules system runs as a test
 * by extending it, {@link io.dicehall.api.contract.BruteForce}, best play worked out from the real rules alone,
 * and {@link io.dicehall.api.contract.RandomInputs}. In the artifact {@code io.dicehall:dicehall-api-testkit}, a
 * test dependency that brings JUnit 5, Hamcrest and JSON-B with it, so that the API stays plain JDK; the package
 * name is the one it had inside the API, so a system's imports did not change when it moved.
 *
 * <p>Stable as the API is (see {@link io.dicehall.api}): a contract test written against an older kit keeps
 * compiling and running; the kit's hooks ({@code sampleSize()}, {@code seed()}, {@code settle}, {@code
 * bestPlayInputs} …) stay. Its checks may grow stricter: a new kit may find a mistake an older one missed,
 * which is what it is for. Since 0.1: {@code GameSystemContract}, {@code RandomInputs}; since 0.2: {@code
 * BruteForce} (with its {@code Limits}: a stopping rule for exploding dice, a cut-off giving {@code Bounds} for
 * plays that never end, values for text fields), the best-play checks and their hooks ({@code bestPlayInputs},
 * {@code bestPlayCovers}, {@code bestPlayBruteForceLimits}, {@code bestPlayTexts} …), the artifact of its own,
 * exploring beyond the defaults (inputs with one field changed, random inputs, states after random legal moves,
 * exact comparison over every face where few enough), and reporting every check it could not make in full as
 * skipped, with the reason, rather than passing over it; since 0.3: pre-roll odds on every combination of a
 * form's integer, choice and flag fields within {@code inputBudget()} (all pairs beyond it), each input a test of
 * its own named by the procedure, the inputs, where they came from and how they were checked; brute force up to
 * {@code bruteForceLimit()} faces per input within {@code oddsRunBudget()}; the hooks {@code moreInputs} and
 * {@code possible}, which every check uses; and stated rolls ({@code io.dicehall.api.stated}) checked against
 * their statement, by dynamic programming over their dice and by {@code statedRollsThrowAndReadAsStated}.
 *
 * @since 0.1
 */
package io.dicehall.api.contract;
