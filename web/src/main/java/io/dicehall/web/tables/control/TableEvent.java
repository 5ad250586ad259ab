package io.dicehall.web.tables.control;

/**
 * A roll made or moved at a table, fired once its transaction has committed, for live pushes.
 *
 * @param tableId the table
 * @param rollId the roll
 * @param kind {@code roll} for a new roll, {@code move} for a move on one
 */
public record TableEvent(String tableId, String rollId, String kind) {
}
