package dev.arus.server.query;

import dev.arus.engine.streaming.OutputMode;
import dev.arus.engine.streaming.ResultBatch;
import dev.arus.server.web.ProblemException;
import dev.arus.server.web.ProblemType;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

/**
 * A query's materialized result, as ksqlDB's pull queries and Kafka Streams' interactive queries
 * read a table: the last row its sink was handed for each key, whatever the sink is, and the
 * batch it reflects. The key is the query's {@link TranslatedQuery#resultKey() result key} (a
 * windowed count's window and group columns). In update mode each batch's rows replace their
 * keys' rows; in complete mode each batch is the whole result and replaces it all. At most
 * {@code maxKeys} rows are kept: past that, update mode forgets the rows written longest ago and
 * complete mode keeps a batch's first rows, and the view counts what it left out, so that an
 * answer never passes for the whole result when it is not. Kept in memory from the first batch
 * the service saw (a restart of the service starts it afresh). Written by the query's thread,
 * read by any; thread-safe.
 */
final class MaterializedResult {

    /** The error class of a refusal: the query's output mode or key leaves no result to keep. */
    static final String NOT_MATERIALIZED = "RESULT_NOT_MATERIALIZED";

    private final OutputMode mode;
    private final List<String> keyColumns;
    private final int maxKeys;
    // Guarded by this: the rows by key, the one written longest ago first.
    private final LinkedHashMap<List<Object>, Map<String, Object>> rows = new LinkedHashMap<>();
    private @Nullable Long firstBatchId;
    private @Nullable Long batchId;
    private long omittedRows;

    private MaterializedResult(OutputMode mode, List<String> keyColumns, int maxKeys) {
        this.mode = mode;
        this.keyColumns = List.copyOf(keyColumns);
        this.maxKeys = maxKeys;
    }

    /**
     * The result of a query in {@code mode} keyed by {@code keyColumns}, or {@code null} when there
     * is none to keep: in append mode a row is written once and never replaced, and in update mode
     * without a known key nothing says which row a new one replaces.
     */
    static @Nullable MaterializedResult of(OutputMode mode, List<String> keyColumns, int maxKeys) {
        if (maxKeys < 1) {
            throw new IllegalArgumentException("maxKeys must be at least 1, was " + maxKeys);
        }
        return refusal(mode, keyColumns) == null ? new MaterializedResult(mode, keyColumns, maxKeys) : null;
    }

    /** Why a query in {@code mode} keyed by {@code keyColumns} keeps no result, as an error subclass; null when it keeps one. */
    private static @Nullable String refusal(OutputMode mode, List<String> keyColumns) {
        if (mode == OutputMode.APPEND) {
            return "APPEND_OUTPUT_MODE";
        }
        return mode == OutputMode.UPDATE && keyColumns.isEmpty() ? "KEY_UNKNOWN" : null;
    }

    /** The refusal of {@code /result} for query {@code id}, in {@code mode} keyed by {@code keyColumns}, which keeps none. */
    static ProblemException refused(UUID id, OutputMode mode, List<String> keyColumns) {
        String subclass = refusal(mode, keyColumns);
        String detail = "APPEND_OUTPUT_MODE".equals(subclass)
                ? "Query " + id + " writes in append mode: each row is written once, when final, and no later row "
                        + "replaces it, so it has no result to look up by key; its output is at /batches. Run it in "
                        + "update or complete mode to keep its result"
                : "Query " + id + " writes in update mode but its result has no known key: it does not aggregate, or a "
                        + "step after its aggregation drops or renames a grouping column (or it aggregates with no key), "
                        + "so nothing says which row a new one replaces";
        return new ProblemException(ProblemType.NO_RESULT, detail,
                Map.of("errorClass", NOT_MATERIALIZED + "." + subclass, "outputMode", mode.name().toLowerCase(Locale.ROOT)));
    }

    /** Takes batch {@code id}'s rows, as its sink was handed them; on the query's thread. */
    void add(ResultBatch batch, long id) {
        List<Map<String, Object>> written = JsonRows.of(batch.rows(), mode == OutputMode.COMPLETE ? maxKeys
                : Integer.MAX_VALUE);
        synchronized (this) {
            if (firstBatchId == null) {
                firstBatchId = id;
            }
            batchId = id;
            if (mode == OutputMode.COMPLETE) {
                rows.clear();
                omittedRows = batch.count() - written.size();
                for (Map<String, Object> row : written) {
                    rows.put(keyColumns.isEmpty() ? List.of(rows.size()) : key(row), row);
                }
                return;
            }
            // Rows the engine did not hand over (past the rows observed) are unknown: left out.
            omittedRows += batch.count() - written.size();
            for (Map<String, Object> row : written) {
                List<Object> key = key(row);
                rows.remove(key);
                rows.put(key, row);
                if (rows.size() > maxKeys) {
                    Iterator<List<Object>> oldest = rows.keySet().iterator();
                    oldest.next();
                    oldest.remove();
                    omittedRows++;
                }
            }
        }
    }

    private List<Object> key(Map<String, Object> row) {
        List<Object> key = new ArrayList<>(keyColumns.size());
        for (String column : keyColumns) {
            key.add(row.get(column));
        }
        return key;
    }

    /**
     * The rows matching every filter of {@code filters} (each on a key column), from the
     * {@code offset}th, at most {@code limit}, written longest ago first.
     *
     * @throws ProblemException {@code 400 invalid-parameter} for a filter on a column that is not the key's
     */
    ResultView view(List<KeyFilter> filters, int offset, int limit) {
        for (KeyFilter filter : filters) {
            if (!keyColumns.contains(filter.column())) {
                throw new ProblemException(ProblemType.INVALID_PARAMETER, "key must name a column of the result's key "
                        + (keyColumns.isEmpty() ? "(it has none known)" : keyColumns) + ", was '"
                        + String.join(".", filter.path()) + "'");
            }
        }
        List<Map<String, Object>> page = new ArrayList<>(Math.min(limit, 64));
        long matching = 0;
        synchronized (this) {
            for (Map<String, Object> row : rows.values()) {
                if (filters.stream().allMatch(filter -> filter.matches(row))) {
                    if (matching >= offset && page.size() < limit) {
                        page.add(row);
                    }
                    matching++;
                }
            }
            return new ResultView(mode.name().toLowerCase(Locale.ROOT), keyColumns, batchId, firstBatchId, page, matching,
                    rows.size(), maxKeys, omittedRows > 0, omittedRows);
        }
    }
}
