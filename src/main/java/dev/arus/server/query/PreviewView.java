package dev.arus.server.query;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * What a preview showed: the query's output columns, the batches that wrote rows (each with its
 * first {@code arus.preview.rows-per-batch} rows), how many batches ran in all, why it stopped,
 * and the failure that stopped it, if one did.
 *
 * @param columns    the output's columns, as the sink would get them
 * @param batches    the batches that wrote rows, oldest first
 * @param batchesRun every batch that ran, empty ones included
 * @param stoppedBy  {@code batches} (as many batches wrote rows as were asked for), {@code time}
 *                   (the time asked for ran out), {@code ended} (the trigger ran its last batch:
 *                   {@code once}, {@code availableNow}) or {@code failed}
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record PreviewView(List<SqlTableView.SqlColumn> columns, List<RecentBatch> batches, long batchesRun,
                          @Schema(allowableValues = {"batches", "time", "ended", "failed"}) String stoppedBy,
                          QueryView.@Nullable Failure failure) {
}
