package dev.arus.server.query;

import java.util.List;
import java.util.Map;

/**
 * A page of a memory sink's table as {@code GET /api/queries/{id}/table} shows it: the rows asked
 * for, as JSON objects, and how many rows the table holds.
 */
public record MemoryTableView(long numRows, List<Map<String, Object>> rows) {

    /** The most rows one page holds, whatever the limit asked for. */
    static final int MAX_PAGE = 1000;
}
