package dev.arus.server.docs;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** How an answer shown in the docs is matched by a real one: fields left out, {@code …}, and values that vary. */
class ExpectedAnswerTest {

    @Test
    void theFieldsShownMustBeThereWithTheirValuesAndAnEllipsisStandsForWhatIsLeftOut() {
        ExpectedAnswer shown = new ExpectedAnswer("""
                {"events": 2, "id": "3f0c…", "partitions": [{"partition": 0, …}, …], …}""", false);

        assertThat(shown.differences("""
                {"events": 2.0, "id": "3f0c9a", "partitions": [{"partition": 0, "count": 1}, {"partition": 1}], "x": true}"""))
                .isEmpty();
        assertThat(new ExpectedAnswer("{\"events\": 2}", false).differences("{\"events\": 2, \"more\": 1}"))
                .containsExactly("/more: in the answer, not shown");
        assertThat(shown.differences("""
                {"events": 3, "id": "9a3f0c", "partitions": []}""")).containsExactly(
                "/events: 2 was shown, the answer has 3",
                "/id: \"3f0c…\" was shown, the answer has \"9a3f0c\"",
                "/partitions: 1 elements shown, the answer has 0");
        assertThat(shown.differences("not json")).containsExactly("the answer is not JSON: not json");
    }

    @Test
    void aShapeWantsTheFieldsShownWithValuesOfTheSameTypes() {
        ExpectedAnswer shown = new ExpectedAnswer("""
                {"status": "UP", "at": "2026-10-16T13:29:24.000Z", "batches": [{"numRows": 1}]}""", true);

        assertThat(shown.differences("""
                {"status": "DOWN", "at": "2027-01-01T00:00:00.000Z", "batches": [{"numRows": 7}, {"numRows": 2}]}""")).isEmpty();
        assertThat(shown.differences("""
                {"status": 1, "batches": [{"rows": 7}]}""")).containsExactly(
                "/status: a STRING was shown, the answer has 1", "/at: missing", "/batches/0/numRows: missing",
                "/batches/0/rows: in the answer, not shown");
    }
}
