package dev.arus.engine.plan;

import dev.arus.engine.data.Schema;
import java.util.ArrayList;
import java.util.List;

/** A plan resolved for one task slot: its stages so far, from the source on, and what is known of their output. */
record Resolved(List<Stage> stages, Analysis analysis) {

    /** A source's: the stage where its rows enter, its schema, no watermark. */
    static Resolved source(Schema schema) {
        return new Resolved(List.of(new Stage.SourceStage()), Analysis.of(schema));
    }

    Resolved then(Stage stage, Analysis next) {
        List<Stage> longer = new ArrayList<>(stages);
        longer.add(stage);
        return new Resolved(longer, next);
    }
}
