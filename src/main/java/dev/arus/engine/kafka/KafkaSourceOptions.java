package dev.arus.engine.kafka;

import dev.arus.engine.streaming.InvalidOptionException;
import dev.arus.engine.streaming.OptionNames;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * The options of the {@code kafka} source, named and checked as Spark's {@code KafkaSourceProvider}
 * names and checks them: exactly one of {@code subscribe}, {@code subscribePattern} and
 * {@code assign}; {@code kafka.bootstrap.servers} required; where a new query starts
 * ({@code latest} by default, as Spark's streaming default); how much a batch reads; what data
 * loss does (fail, by default); whether rows carry headers; and the {@code kafka.*} client
 * settings, less those Spark refuses because the source manages them itself. Unlike Spark, an
 * option the source does not know is refused.
 */
record KafkaSourceOptions(ConsumerStrategy strategy, String startingOffsets, long maxOffsetsPerTrigger,
                          long minOffsetsPerTrigger, long maxTriggerDelayMs, boolean failOnDataLoss,
                          boolean includeHeaders, String groupIdPrefix, long pollTimeoutMs,
                          Map<String, String> kafkaParams) {

    static final String SUBSCRIBE = "subscribe";
    static final String SUBSCRIBE_PATTERN = "subscribePattern";
    static final String ASSIGN = "assign";
    static final String STARTING_OFFSETS = "startingOffsets";
    static final String MAX_OFFSETS_PER_TRIGGER = "maxOffsetsPerTrigger";
    static final String MIN_OFFSETS_PER_TRIGGER = "minOffsetsPerTrigger";
    static final String MAX_TRIGGER_DELAY = "maxTriggerDelay";
    static final String FAIL_ON_DATA_LOSS = "failOnDataLoss";
    static final String INCLUDE_HEADERS = "includeHeaders";
    static final String GROUP_ID_PREFIX = "groupIdPrefix";
    static final String POLL_TIMEOUT = "kafkaConsumer.pollTimeoutMs";
    static final List<String> NAMES = List.of(KafkaParams.OPTION, SUBSCRIBE, SUBSCRIBE_PATTERN, ASSIGN,
            STARTING_OFFSETS, MAX_OFFSETS_PER_TRIGGER, MIN_OFFSETS_PER_TRIGGER, MAX_TRIGGER_DELAY, FAIL_ON_DATA_LOSS,
            INCLUDE_HEADERS, GROUP_ID_PREFIX, POLL_TIMEOUT);

    static final String EARLIEST = "earliest";
    static final String LATEST = "latest";
    /** Spark's defaults: {@code maxTriggerDelay} 15 minutes, polls time out after {@code spark.network.timeout}. */
    static final long DEFAULT_MAX_TRIGGER_DELAY_MS = 15 * 60 * 1000L;
    static final long DEFAULT_POLL_TIMEOUT_MS = 120_000L;

    private static final List<String> STRATEGIES = List.of(ASSIGN, SUBSCRIBE, SUBSCRIBE_PATTERN);
    private static final Pattern DURATION = Pattern.compile("([0-9]+)\\s*([a-z]*)");
    private static final Map<String, Long> MILLIS_PER_UNIT = Map.of("us", 0L, "ms", 1L, "s", 1000L, "m", 60_000L,
            "min", 60_000L, "h", 3_600_000L, "d", 86_400_000L);

    static KafkaSourceOptions parse(Map<String, String> given) {
        Map<String, String> options = canonical(given);
        List<String> strategies = STRATEGIES.stream().filter(options::containsKey).toList();
        if (strategies.isEmpty()) {
            throw new InvalidOptionException(null, "One of the following options must be specified for Kafka "
                    + "source: " + lower(STRATEGIES) + ". See the docs for more details.");
        }
        if (strategies.size() > 1) {
            throw new InvalidOptionException(strategies.get(1), "Only one of the following options can be "
                    + "specified for Kafka source: " + lower(STRATEGIES) + ". See the docs for more details.");
        }
        ConsumerStrategy strategy = strategy(strategies.get(0), options.get(strategies.get(0)));
        Map<String, String> kafkaParams = KafkaParams.of(options);
        checkKafkaParams(kafkaParams);
        String starting = options.getOrDefault(STARTING_OFFSETS, LATEST).trim();
        if (starting.equalsIgnoreCase(EARLIEST) || starting.equalsIgnoreCase(LATEST)) {
            starting = starting.toLowerCase(Locale.ROOT);
        } else {
            try {
                KafkaSourceOffset.parse(starting);
            } catch (IllegalArgumentException invalid) {
                throw new InvalidOptionException(STARTING_OFFSETS, invalid.getMessage());
            }
        }
        long maxOffsets = positive(options, MAX_OFFSETS_PER_TRIGGER);
        long minOffsets = positive(options, MIN_OFFSETS_PER_TRIGGER);
        if (minOffsets > 0 && maxOffsets > 0 && minOffsets > maxOffsets) {
            throw new InvalidOptionException(MIN_OFFSETS_PER_TRIGGER, "The value of minOffsetPerTrigger("
                    + minOffsets + ") is higher than the maxOffsetsPerTrigger(" + maxOffsets + ").");
        }
        long delay = options.containsKey(MAX_TRIGGER_DELAY) ? millis(MAX_TRIGGER_DELAY, options.get(MAX_TRIGGER_DELAY))
                : DEFAULT_MAX_TRIGGER_DELAY_MS;
        long pollTimeout = options.containsKey(POLL_TIMEOUT) ? positive(options, POLL_TIMEOUT) : DEFAULT_POLL_TIMEOUT_MS;
        String prefix = options.getOrDefault(GROUP_ID_PREFIX, "spark-kafka-source");
        return new KafkaSourceOptions(strategy, starting, maxOffsets, minOffsets, delay,
                bool(options, FAIL_ON_DATA_LOSS, true), bool(options, INCLUDE_HEADERS, false), prefix, pollTimeout,
                Map.copyOf(kafkaParams));
    }

    /** The options keyed by their names as Spark spells them ({@code kafka.*} keys as given); unknown ones refused. */
    private static Map<String, String> canonical(Map<String, String> given) {
        Map<String, String> options = new HashMap<>();
        given.forEach((key, value) -> {
            String name = OptionNames.match(NAMES, key);
            if (name == null) {
                throw new InvalidOptionException(key, "Unknown option '" + key + "' for format 'kafka'. Allowed "
                        + "options: " + String.join(", ", NAMES));
            }
            String as = name.equals(KafkaParams.OPTION) ? KafkaParams.PREFIX + key.substring(KafkaParams.PREFIX.length())
                    : name;
            if (options.put(as, value) != null) {
                throw new InvalidOptionException(name, "Option '" + as + "' of format 'kafka' is given twice");
            }
        });
        return options;
    }

    private static ConsumerStrategy strategy(String name, String value) {
        switch (name) {
            case ASSIGN -> {
                if (!value.trim().startsWith("{")) {
                    throw new InvalidOptionException(ASSIGN, "No topicpartitions to assign as specified value for "
                            + "option 'assign' is '" + value + "'");
                }
                try {
                    return new ConsumerStrategy.Assign(KafkaSourceOffset.partitions(value));
                } catch (IllegalArgumentException invalid) {
                    throw new InvalidOptionException(ASSIGN, invalid.getMessage());
                }
            }
            case SUBSCRIBE -> {
                List<String> topics = Arrays.stream(value.split(",")).map(String::trim).filter(t -> !t.isEmpty())
                        .toList();
                if (topics.isEmpty()) {
                    throw new InvalidOptionException(SUBSCRIBE, "No topics to subscribe to as specified value for "
                            + "option 'subscribe' is '" + value + "'");
                }
                return new ConsumerStrategy.Subscribe(topics);
            }
            default -> {
                String pattern = value.trim();
                if (pattern.isEmpty()) {
                    throw new InvalidOptionException(SUBSCRIBE_PATTERN, "Pattern to subscribe is empty as specified "
                            + "value for option 'subscribePattern' is '" + value + "'");
                }
                try {
                    Pattern.compile(pattern);
                } catch (PatternSyntaxException invalid) {
                    throw new InvalidOptionException(SUBSCRIBE_PATTERN, "Invalid value '" + value + "'. The option '"
                            + SUBSCRIBE_PATTERN + "' must be a Java regular expression: " + invalid.getDescription());
                }
                return new ConsumerStrategy.SubscribePattern(pattern);
            }
        }
    }

    /** Spark's checks of the user's Kafka settings, in its words. */
    private static void checkKafkaParams(Map<String, String> params) {
        Map<String, String> lower = new HashMap<>();
        params.keySet().forEach(name -> lower.put(name.toLowerCase(Locale.ROOT), name));
        if (lower.containsKey("auto.offset.reset")) {
            throw new InvalidOptionException("kafka." + lower.get("auto.offset.reset"), "Kafka option "
                    + "'auto.offset.reset' is not supported. Instead set the source option 'startingOffsets' to "
                    + "'earliest' or 'latest' to specify where to start. Structured Streaming manages which offsets are "
                    + "consumed internally, rather than relying on the kafkaConsumer to do it. This will ensure that no "
                    + "data is missed when new topics/partitions are dynamically subscribed. Note that "
                    + "'startingOffsets' only applies when a new Streaming query is started, and that resuming will "
                    + "always pick up from where the query left off. See the docs for more details.");
        }
        for (String part : List.of("key", "value")) {
            String name = part + ".deserializer";
            if (lower.containsKey(name)) {
                throw new InvalidOptionException("kafka." + lower.get(name), "Kafka option '" + name + "' is not "
                        + "supported as " + part + "s are deserialized as byte arrays with ByteArrayDeserializer. Use "
                        + "DataFrame operations to explicitly deserialize the " + part + "s.");
            }
        }
        for (String name : List.of("enable.auto.commit", "interceptor.classes")) {
            if (lower.containsKey(name)) {
                throw new InvalidOptionException("kafka." + lower.get(name), "Kafka option '" + name
                        + "' is not supported");
            }
        }
        String servers = lower.get(KafkaParams.BOOTSTRAP_SERVERS);
        if (servers == null || params.get(servers).isBlank()) {
            throw new InvalidOptionException("kafka." + KafkaParams.BOOTSTRAP_SERVERS, "Option 'kafka."
                    + KafkaParams.BOOTSTRAP_SERVERS + "' must be specified for configuring Kafka consumer");
        }
    }

    private static long positive(Map<String, String> options, String name) {
        String value = options.get(name);
        if (value == null) {
            return 0;
        }
        try {
            long parsed = Long.parseLong(value.trim());
            if (parsed > 0) {
                return parsed;
            }
        } catch (NumberFormatException notANumber) {
            // refused below
        }
        throw new InvalidOptionException(name, "Invalid value '" + value + "'. The option '" + name
                + "' must be a positive whole number");
    }

    private static boolean bool(Map<String, String> options, String name, boolean defaultValue) {
        String value = options.get(name);
        if (value == null) {
            return defaultValue;
        }
        return switch (value.trim().toLowerCase(Locale.ROOT)) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new InvalidOptionException(name,
                    "Invalid value '" + value + "'. The option '" + name + "' must be true or false");
        };
    }

    /** A duration as Spark's {@code JavaUtils.timeStringAsMs}: a number and a unit, milliseconds when none. */
    private static long millis(String name, String value) {
        Matcher matcher = DURATION.matcher(value.trim().toLowerCase(Locale.ROOT));
        if (matcher.matches()) {
            Long perUnit = matcher.group(2).isEmpty() ? Long.valueOf(1) : MILLIS_PER_UNIT.get(matcher.group(2));
            if (perUnit != null) {
                long amount = Long.parseLong(matcher.group(1));
                return perUnit == 0 ? amount / 1000 : amount * perUnit;
            }
        }
        throw new InvalidOptionException(name, "Invalid value '" + value + "'. The option '" + name + "' must be a "
                + "duration such as 5m: a whole number with a unit of us, ms, s, m, min, h or d (milliseconds when "
                + "none is given)");
    }

    private static String lower(List<String> names) {
        return String.join(", ", names.stream().map(n -> n.toLowerCase(Locale.ROOT)).toList());
    }
}
