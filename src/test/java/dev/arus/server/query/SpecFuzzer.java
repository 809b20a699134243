package dev.arus.server.query;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Makes fuzzing input from a seeded {@link Random}: valid specs mutated in their JSON tree (a
 * field removed, a value replaced by any JSON, an unknown field added, an expression replaced)
 * and then, sometimes, in their text; and Spark SQL expressions from a small grammar, mostly
 * shallow, sometimes pathological (very deep, very long, random characters).
 */
final class SpecFuzzer {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private static final List<String> TEMPLATES = List.of("""
            {"name": "fuzz", "source": {"format": "rate-micro-batch", "options": {"rowsPerBatch": 10, "advanceMillisPerBatch": 1000}},
             "steps": [
               {"withColumn": {"name": "event_time", "expr": "CAST(unix_timestamp(timestamp) - value % 3 AS TIMESTAMP)"}},
               {"filter": "value >= 0"},
               {"withWatermark": {"column": "event_time", "delay": "4 seconds"}},
               {"groupBy": {"keys": ["window(event_time, '8 seconds')"], "aggregations": ["count(*) AS count", "sum(value) AS total"]}}],
             "outputMode": "append", "trigger": {"processingTime": "1 second"}, "sink": {"format": "noop"}}""", """
            {"name": "fuzz", "source": {"format": "rate", "options": {"rowsPerSecond": 5, "numPartitions": 1}},
             "steps": [{"selectExpr": ["value", "value % 7 AS bucket", "timestamp"]},
                       {"groupBy": {"keys": ["bucket"], "aggregations": ["avg(value) AS mean", "max(timestamp)"]}}],
             "outputMode": "update", "trigger": {"once": true}, "sink": {"format": "memory"}}""", """
            {"name": "fuzz", "source": {"format": "rate-micro-batch", "options": {"rowsPerBatch": 3}},
             "steps": [{"select": ["value", "timestamp"]}, {"filter": "value IN (1, 2, 3) OR value IS NULL"}],
             "trigger": {"availableNow": true}, "sink": {"format": "console", "options": {"truncate": false, "numRows": 5}}}""");

    private static final String[] COLUMNS = {"value", "timestamp", "event_time", "bucket", "window.start", "`value`", "nope"};
    private static final String[] FUNCTIONS = {"count", "sum", "avg", "min", "max", "window", "unix_timestamp", "abs",
            "coalesce", "upper", "concat", "to_timestamp", "nosuchfunction"};
    private static final String[] OPERATORS = {"+", "-", "*", "/", "%", "=", "==", "!=", "<>", "<", "<=", ">", ">=",
            "<=>", "AND", "OR", "div", "||"};
    private static final String[] TYPES = {"TIMESTAMP", "BIGINT", "INT", "DOUBLE", "STRING", "BOOLEAN", "DATE", "BLOB"};
    private static final String NOISE = "()'\"`,.*+-/%<>=!|&^~$#@?:;[]{}\\ \t\n\u0000\u00e9\u4e2d\ud83d\ude00aZ09";

    private SpecFuzzer() {
    }

    static String mutatedSpec(Random random) {
        JsonNode tree = JSON.readTree(TEMPLATES.get(random.nextInt(TEMPLATES.size())));
        int mutations = 1 + random.nextInt(4);
        for (int i = 0; i < mutations; i++) {
            mutateTree(tree, random);
        }
        String text = JSON.writeValueAsString(tree);
        return random.nextInt(5) == 0 ? mutateText(text, random) : text;
    }

    /** A valid spec with {@code expression} in one of the places an expression goes. */
    static String withExpression(Random random, String expression) {
        ObjectNode spec = (ObjectNode) JSON.readTree(TEMPLATES.get(2));
        ArrayNode steps = (ArrayNode) spec.get("steps");
        steps.removeAll();
        String mode = "append";
        switch (random.nextInt(5)) {
            case 0 -> steps.add(step("withColumn", NODES.objectNode().put("name", "x").put("expr", expression)));
            case 1 -> steps.add(step("filter", NODES.stringNode(expression)));
            case 2 -> steps.add(step("selectExpr", NODES.arrayNode().add("value").add(expression)));
            case 3 -> {
                steps.add(step("groupBy", NODES.objectNode().<ObjectNode>set("keys", NODES.arrayNode().add(expression))
                        .set("aggregations", NODES.arrayNode().add("count(*)"))));
                mode = "complete";
            }
            default -> {
                steps.add(step("groupBy", NODES.objectNode().<ObjectNode>set("keys", NODES.arrayNode().add("value % 3"))
                        .set("aggregations", NODES.arrayNode().add(expression))));
                mode = "update";
            }
        }
        spec.put("outputMode", mode);
        return JSON.writeValueAsString(spec);
    }

    static String expression(Random random) {
        int kind = random.nextInt(100);
        if (kind < 3) {
            int depth = 150 + random.nextInt(400);
            return "(".repeat(depth) + "value" + ")".repeat(depth);
        }
        if (kind < 6) {
            return "value" + (" " + pick(random, OPERATORS) + " 1").repeat(100 + random.nextInt(3000));
        }
        if (kind < 8) {
            return (random.nextBoolean() ? "NOT " : "- ").repeat(100 + random.nextInt(1000)) + "value";
        }
        if (kind < 10) {
            return "abs(".repeat(100 + random.nextInt(300)) + "value" + ")".repeat(100 + random.nextInt(300));
        }
        if (kind < 12) {
            return "'" + "x".repeat(9_000 + random.nextInt(4_000)) + "'";
        }
        if (kind < 20) {
            StringBuilder noise = new StringBuilder();
            int length = random.nextInt(40);
            for (int i = 0; i < length; i++) {
                noise.append(NOISE.charAt(random.nextInt(NOISE.length())));
            }
            return noise.toString();
        }
        String generated = expression(random, 1 + random.nextInt(6));
        return kind < 35 ? mutateText(generated, random) : generated;
    }

    private static String expression(Random random, int depth) {
        if (depth <= 0) {
            return leaf(random);
        }
        return switch (random.nextInt(9)) {
            case 0, 1 -> expression(random, depth - 1) + " " + pick(random, OPERATORS) + " " + expression(random, depth - 1);
            case 2 -> "(" + expression(random, depth - 1) + ")";
            case 3 -> pick(random, FUNCTIONS) + "(" + arguments(random, depth - 1) + ")";
            case 4 -> "CAST(" + expression(random, depth - 1) + " AS " + pick(random, TYPES) + ")";
            case 5 -> "CASE WHEN " + expression(random, depth - 1) + " THEN " + expression(random, depth - 1)
                    + (random.nextBoolean() ? " ELSE " + expression(random, depth - 1) : "") + " END";
            case 6 -> expression(random, depth - 1) + (random.nextBoolean() ? " IS NOT NULL" : " IN (1, 'a', NULL)");
            case 7 -> (random.nextBoolean() ? "-" : "NOT ") + expression(random, depth - 1);
            default -> expression(random, depth - 1) + " AS " + (random.nextBoolean() ? "alias" : "`odd name`");
        };
    }

    private static String arguments(Random random, int depth) {
        int count = random.nextInt(4);
        if (count == 0) {
            return random.nextBoolean() ? "*" : "";
        }
        List<String> arguments = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            arguments.add(random.nextInt(4) == 0 ? "'" + (1 + random.nextInt(20)) + " seconds'" : expression(random, depth));
        }
        return String.join(", ", arguments);
    }

    private static String leaf(Random random) {
        return switch (random.nextInt(8)) {
            case 0 -> Integer.toString(random.nextInt());
            case 1 -> random.nextBoolean() ? "9223372036854775808" : "1.5e308";
            case 2 -> "'" + pick(random, new String[] {"a", "", "it''s", "8 seconds", "2026-10-16 13:29:20"}) + "'";
            case 3 -> pick(random, new String[] {"NULL", "true", "false", "INTERVAL '4' SECOND", "INTERVAL 3 MINUTES"});
            default -> pick(random, COLUMNS);
        };
    }

    private static void mutateTree(JsonNode root, Random random) {
        List<JsonNode> containers = new ArrayList<>();
        collect(root, containers);
        JsonNode target = containers.get(random.nextInt(containers.size()));
        if (target instanceof ObjectNode object) {
            List<String> names = new ArrayList<>();
            for (Map.Entry<String, JsonNode> property : object.properties()) {
                names.add(property.getKey());
            }
            String name = names.isEmpty() ? "x" : names.get(random.nextInt(names.size()));
            switch (random.nextInt(4)) {
                case 0 -> object.remove(name);
                case 1 -> object.set(random.nextBoolean() ? "unknownField" : name.toUpperCase(), anyValue(random));
                case 2 -> object.set(name, NODES.stringNode(expression(random)));
                default -> object.set(name, anyValue(random));
            }
        } else if (target instanceof ArrayNode array) {
            switch (random.nextInt(3)) {
                case 0 -> {
                    if (!array.isEmpty()) {
                        array.remove(random.nextInt(array.size()));
                    }
                }
                case 1 -> array.add(anyValue(random));
                default -> array.add(NODES.stringNode(expression(random)));
            }
        }
    }

    private static void collect(JsonNode node, List<JsonNode> containers) {
        if (node.isContainer()) {
            containers.add(node);
            for (JsonNode child : node) {
                collect(child, containers);
            }
        }
    }

    private static JsonNode anyValue(Random random) {
        return switch (random.nextInt(10)) {
            case 0 -> NODES.nullNode();
            case 1 -> NODES.booleanNode(random.nextBoolean());
            case 2 -> NODES.numberNode(random.nextLong());
            case 3 -> NODES.numberNode(random.nextDouble() * 1e12 - 5e11);
            case 4 -> NODES.numberNode(random.nextInt(5) - 1);
            case 5 -> NODES.arrayNode().add(random.nextInt()).add("x");
            case 6 -> NODES.objectNode().put("once", true);
            case 7 -> NODES.stringNode(pick(random, new String[] {"", " ", "rate", "noop", "append", "complete", "update",
                    "-1 seconds", "4 seconds", "1000000000000", "kafka", "0"}));
            default -> NODES.stringNode(expression(random));
        };
    }

    private static ObjectNode step(String key, JsonNode value) {
        return NODES.objectNode().set(key, value);
    }

    private static String mutateText(String text, Random random) {
        StringBuilder mutated = new StringBuilder(text);
        int edits = 1 + random.nextInt(3);
        for (int i = 0; i < edits && mutated.length() > 0; i++) {
            int at = random.nextInt(mutated.length());
            switch (random.nextInt(4)) {
                case 0 -> mutated.setLength(at);
                case 1 -> mutated.insert(at, NOISE.charAt(random.nextInt(NOISE.length())));
                case 2 -> mutated.deleteCharAt(at);
                default -> mutated.insert(at, mutated, at, Math.min(mutated.length(), at + 1 + random.nextInt(20)));
            }
        }
        return mutated.toString();
    }

    private static String pick(Random random, String[] values) {
        return values[random.nextInt(values.length)];
    }
}
