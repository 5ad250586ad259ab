package io.dicehall.web.platform.http;

/**
 * The names the OpenAPI document gives the shared parts of the API's contract ({@link DicehallApplication}):
 * the error answers (named in {@code shared-answers.txt}, beside {@link StandardAnswers}, which gives each
 * operation those its rule says, and those it names with {@code @Extension(name = ApiContract.ERRORS, value = …)}),
 * and the keys' security schemes, of which an operation names the ways it may be called in one line,
 * {@code @Extension(name = ApiContract.KEYS, value = …)}.
 */
public final class ApiContract {

    private ApiContract() {
    }

    /** 429: over a limit per client or per table; with Retry-After. */
    public static final String TOO_MANY = "TooManyRequests";

    /**
     * The extension by which an operation names, in one line, the error answers it gives beyond
     * {@link StandardAnswers}' rule ({@code "409 429"}), or, with a minus, one of the rule's it cannot give
     * ({@code "-503"}). Read at build time and left out of the document.
     */
    public static final String ERRORS = "x-dicehall-errors";

    /**
     * The extension by which an operation names, in one line, the ways it may be called, each way the keys it sends
     * joined by {@code +} ({@code owner}, {@code member}, {@code roller}, {@code owner+member}) or {@code none} for
     * no key: {@code "none owner member"} is the operation's security requirements, in that order. Read at build
     * time by {@link StandardAnswers} and left out of the document.
     */
    public static final String KEYS = "x-dicehall-keys";

    /** The security scheme of a table's owner key (header {@code Owner-Key}). */
    public static final String OWNER_KEY = "OwnerKey";
    /** The security scheme of a member's key (header {@code Member-Key}). */
    public static final String MEMBER_KEY = "MemberKey";
    /** The security scheme of a roll's key (header {@code Roller-Key}). */
    public static final String ROLLER_KEY = "RollerKey";
}
