/**
 * The JSON shape of the SPI's data, for servers and tools: {@link io.dicehall.api.json.ApiJson} sets up JSON-B so
 * that what is written reads back equal. Needs JSON-P and JSON-B on the class path (optional dependencies of the
 * API); a rules system does not use it, and the contract kit uses it for the states' round trips.
 *
 * <p>Stable as described in {@link io.dicehall.api}: {@code ApiJson} and {@code FieldJson} since 0.1, {@code
 * FormJson} since 0.2. The shape written only grows: a new part is written only when present, so what older
 * versions wrote still reads.
 *
 * @since 0.1
 */
package io.dicehall.api.json;
