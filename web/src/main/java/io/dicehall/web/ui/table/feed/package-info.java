/**
 * A table's feed, on its page and row by row: {@link io.dicehall.web.ui.table.feed.TableFeed} owns the rows
 * shown ({@link io.dicehall.web.ui.table.feed.FeedRows}) and the roll beside the form;
 * {@link io.dicehall.web.ui.table.feed.FeedPlayer} plays them (odds, best play, moves, a row's buttons) and uses
 * the feed to draw a change; {@link io.dicehall.web.ui.table.feed.FeedCards} reads the log as cards, for the page
 * and for a single row fetched on a push ({@link io.dicehall.web.ui.table.feed.FeedRow}).
 */
package io.dicehall.web.ui.table.feed;
