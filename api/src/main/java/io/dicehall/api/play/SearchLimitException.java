package io.dicehall.api.play;

/**
 * Thrown when working out best play would visit more positions than the {@link Solver}'s limit allows: the
 * inputs are too large for the search, and the game gives no faster answer ({@link Game#value}) for them. A
 * server shows no best play then; it never means the roll itself is wrong.
 *
 * @since 0.2
 */
public final class SearchLimitException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final int limit;

    /** @param limit the limit that was reached */
    public SearchLimitException(int limit) {
        super("best play needs more than " + limit + " positions");
        this.limit = limit;
    }

    /** @return the limit that was reached */
    public int limit() {
        return limit;
    }
}
