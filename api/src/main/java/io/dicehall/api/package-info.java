/**
 * The SPI a rules system implements: a {@link io.dicehall.api.GameSystem} found by {@link java.util.ServiceLoader},
 * its {@link io.dicehall.api.Procedure}s, the {@link io.dicehall.api.Dice} they draw from and the {@link
 * io.dicehall.api.Move}s a player makes. Plain JDK: a system needs nothing but this API, and the server holds the
 * one copy of it.
 *
 * <h2>What is stable</h2>
 * Everything public in {@code io.dicehall.api} and its packages {@code form}, {@code odds}, {@code state}, {@code
 * play}, {@code stated} and {@code json} is kept from the version that added it on: a system compiled against an older version
 * keeps compiling against a newer one, and its compiled JAR keeps loading and playing. The API only grows:
 * <ul>
 *   <li>new types, new {@code default} methods on interfaces, new static factories and methods on classes and
 *       records; an abstract method may become a default one, never the other way;</li>
 *   <li>a record may gain components. Build records with their factories ({@code of}, {@code builder()}) and
 *       {@code with…} methods, which keep working as a record grows; a record that grows keeps its older
 *       constructor as well, so code compiled with it still runs;</li>
 *   <li>enums may gain constants ({@link io.dicehall.api.state.Verdict#UNCOUNTED} in 0.2, {@link
 *       io.dicehall.api.state.Verdict#PARTIAL} in 0.3): a {@code switch}
 *       over one needs a {@code default};</li>
 *   <li>{@link io.dicehall.api.GameSystem#SPI_VERSION} counts the versions; a system that uses something added
 *       after version 1 returns it from {@link io.dicehall.api.GameSystem#spiVersion()}, so an older server
 *       refuses it with a reason rather than failing at a roll.</li>
 * </ul>
 * Nothing is removed or changes meaning. The build holds the API to this with a binary-compatibility check
 * (japicmp) against the first version. Not API, and free to change: {@code io.dicehall.api.internal} (the odds
 * engine's arithmetic) and whatever is not public.
 *
 * <h2>Since when</h2>
 * <ul>
 *   <li>0.1 (SPI version 1): {@link io.dicehall.api.GameSystem}, {@link io.dicehall.api.Procedure}, {@link
 *       io.dicehall.api.Dice}, {@link io.dicehall.api.Move}, {@link io.dicehall.api.Attribution}, {@link
 *       io.dicehall.api.Text} (the records' checks, a helper rather than part of the contract);</li>
 *   <li>0.2 (SPI version 2): {@link io.dicehall.api.GivenDice} (faces thrown by hand), {@link
 *       io.dicehall.api.BasicProcedure} and {@link io.dicehall.api.SingleThrowProcedure} (a procedure in a few
 *       methods), a default {@link io.dicehall.api.Procedure#apply} that refuses, {@link
 *       io.dicehall.api.Procedure#outcomeOrder()} and {@link io.dicehall.api.Procedure#game} (best play), and the
 *       factories {@code Attribution.of}, {@code Attribution.withLink}, {@code Move.of};</li>
 *   <li>0.3 (SPI version 3): stated rolls, {@code io.dicehall.api.stated} (a roll written once, as what is thrown
 *       and how it is read, with its odds and best play derived); {@code Pool.joint}, {@code
 *       Pool.highestAndCount}, {@code Pool.sortedFaces}; {@code Odds.of} from a distribution and a reading; {@link
 *       io.dicehall.api.state.Verdict#PARTIAL}; and the factories {@code Tally.of(id, label, value, text)}, {@code
 *       Option.of(value, label, help)}, {@code Option.help}, {@code Flag.of}, {@code Step.of}, {@code DiceGroup.of},
 *       {@code Die.of(id, type, sides, face, reading, verdict)}, {@code Chance.of}.</li>
 * </ul>
 *
 * <p>The contract kit that every system runs as a test, {@code io.dicehall.api.contract}, is a separate artifact,
 * {@code dicehall-api-testkit}, stable by the same rules.
 *
 * @since 0.1
 */
package io.dicehall.api;
