package dev.arus.architecture;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideOutsideOfPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.Location;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Which of the project's packages each package may use: an allow-list, as Kafka's import
 * control. The engine's vocabulary ({@code streaming}) and its data are at the bottom, assembly
 * ({@code runtime}) and the user's front ({@code api}) at the top; no engine package uses
 * {@code api}. In the service, {@code live} and {@code ops} see the engine only through its
 * streaming vocabulary (with its rows and clock) and {@code query}'s typed events, and the
 * registry knows neither of them. The engine uses no framework at all. No two packages use each
 * other, directly or through others, and the service uses only the engine's public packages.
 */
class ArchitectureTest {

    private static final JavaClasses CLASSES = new ClassFileImporter()
            .withImportOption(ArchitectureTest::isNotATestClass)
            .importPackages("dev.arus");

    /**
     * Test classes are in a {@code test-classes} folder of whichever build folder the build uses
     * ({@code target}, {@code target-spark}); ArchUnit's own option knows {@code target} only.
     */
    private static boolean isNotATestClass(Location location) {
        return !location.contains("/test-classes/");
    }

    private static final Map<String, List<String>> ALLOWED = new LinkedHashMap<>();

    /** The service's root package alone: the application, its settings and their wiring, which every feature reads. */
    private static final String SERVER_SETTINGS = "server (root)";

    static {
        allow("engine.data");
        allow("engine.time");
        // The vocabulary with its clock and instants (a leaf): progress reports write their event times as IsoInstants.
        allow("engine.streaming", "engine.data", "engine.time");
        allow("engine.expr", "engine.data", "engine.streaming", "engine.time");
        // Durable files: a leaf under everything that writes them.
        allow("engine.files", "engine.streaming", "engine.time");
        allow("engine.state", "engine.files", "engine.streaming");
        allow("engine.checkpoint", "engine.data", "engine.files", "engine.plan", "engine.source", "engine.streaming",
                "engine.time");
        allow("engine.format", "engine.data", "engine.expr", "engine.streaming");
        allow("engine.source", "engine.data", "engine.files", "engine.format", "engine.log", "engine.streaming",
                "engine.time");
        allow("engine.sink", "engine.data", "engine.expr", "engine.files", "engine.format", "engine.log",
                "engine.streaming", "engine.time");
        allow("engine.kafka", "engine.data", "engine.files", "engine.sink", "engine.source", "engine.streaming",
                "engine.time");
        allow("engine.http", "engine.data", "engine.expr", "engine.sink", "engine.streaming", "engine.time");
        allow("engine.jdbc", "engine.data", "engine.sink", "engine.streaming", "engine.time");
        allow("engine.log", "engine.data", "engine.expr", "engine.files", "engine.streaming", "engine.time");
        allow("engine.table", "engine.data", "engine.expr", "engine.format", "engine.streaming");
        allow("engine.exec", "engine.data", "engine.expr", "engine.state", "engine.streaming", "engine.table");
        allow("engine.plan", "engine.data", "engine.exec", "engine.expr", "engine.source", "engine.streaming",
                "engine.table", "engine.time");
        allow("engine.runtime", "engine.checkpoint", "engine.data", "engine.exec", "engine.expr", "engine.files",
                "engine.log", "engine.plan", "engine.sink", "engine.source", "engine.state", "engine.streaming",
                "engine.time");
        allow("engine.api", "engine.checkpoint", "engine.data", "engine.exec", "engine.expr", "engine.log",
                "engine.plan", "engine.runtime", "engine.sink", "engine.source", "engine.streaming", "engine.table",
                "engine.time");
        allow("server.storage", SERVER_SETTINGS);
        allow("server.security", SERVER_SETTINGS);
        allow("server.web", SERVER_SETTINGS, "server.storage");
        allow("server.query", SERVER_SETTINGS, "engine.api", "engine.data", "engine.sink", "engine.source",
                "engine.streaming", "engine.table", "engine.time", "server.storage", "server.web");
        // server.stream makes the streams of streaming tables for server.query, through its StreamingTables.
        allow("server.stream", SERVER_SETTINGS, "engine.api", "engine.data", "engine.expr", "engine.log",
                "engine.streaming", "engine.time", "server.query", "server.web");
        allow("server.live", SERVER_SETTINGS, "engine.data", "engine.streaming", "engine.time", "server.query");
        allow("server.ops", SERVER_SETTINGS, "engine.data", "engine.log", "engine.streaming", "engine.time",
                "server.query");
        // The graph of streams, queries and sinks: the registry's queries and the event log's streams, read only.
        allow("server.pipeline", SERVER_SETTINGS, "engine.log", "engine.streaming", "engine.time", "server.query",
                "server.web");
        allow("server.demo", SERVER_SETTINGS, "engine.api", "engine.time", "server.query", "server.security");
        // The Spark adapter is only in the build with the spark profile (src/spark/java): it is a second
        // engine behind server.query's seam, in the engine's streaming vocabulary and rows, and no more;
        // its source of the event log drives the engine's own stream source over the log.
        if (CLASSES.containPackage("dev.arus.server.spark")) {
            allow("server.spark", SERVER_SETTINGS, "engine.data", "engine.log", "engine.source", "engine.streaming",
                    "engine.time", "server.query", "server.storage", "server.web");
        }
    }

    /**
     * Package {@code name} (under dev.arus, with its subpackages) may use these (with their
     * subpackages) and itself.
     */
    private static void allow(String name, String... others) {
        ALLOWED.put(name, List.of(others));
    }

    private static String pattern(String name) {
        return name.equals(SERVER_SETTINGS) ? "dev.arus.server" : "dev.arus." + name + "..";
    }

    static Stream<String> packages() {
        return ALLOWED.keySet().stream();
    }

    @ParameterizedTest
    @MethodSource("packages")
    void eachPackageUsesOnlyWhatItIsAllowed(String name) {
        String[] allowed = Stream.concat(Stream.of(name), ALLOWED.get(name).stream())
                .map(ArchitectureTest::pattern).toArray(String[]::new);
        classes().that().resideInAPackage("dev.arus." + name + "..")
                .should().onlyDependOnClassesThat(resideOutsideOfPackage("dev.arus..").or(resideInAnyPackage(allowed)))
                .because(name + " may use " + Arrays.toString(allowed))
                .check(CLASSES);
    }

    /** A new package must be given its place in the list above; only the application class sits outside. */
    @Test
    void everyPackageIsListed() {
        String[] listed = ALLOWED.keySet().stream().map(ArchitectureTest::pattern).toArray(String[]::new);
        classes().that().resideInAPackage("dev.arus..").and().resideOutsideOfPackage("dev.arus.server")
                .should().resideInAnyPackage(listed)
                .check(CLASSES);
    }

    /**
     * The engine's public surface: what a user of the engine, the service included, may import.
     * Everything else (plan, exec, checkpoint, state, runtime, files, format, the connectors'
     * insides) is the engine's own, as Kafka Streams keeps its {@code internals} apart.
     */
    private static final List<String> ENGINE_PUBLIC = List.of("engine.api", "engine.streaming", "engine.data",
            "engine.time", "engine.log", "engine.source", "engine.sink", "engine.table");

    /** Spark's text of a date and a timestamp, which the service's event decoder reads as Spark casts it. */
    private static final List<String> ENGINE_PUBLIC_CLASSES = List.of("dev.arus.engine.expr.calendar.DateText",
            "dev.arus.engine.expr.calendar.TimestampText");

    /** Package cycles are measured between every engine package, subpackages apart. */
    @Test
    void noEnginePackagesUseEachOtherInACycle() {
        slices().matching("dev.arus.engine.(**)").should().beFreeOfCycles().check(CLASSES);
    }

    /** The service's root package is its assembly, which wires every feature; its features form no cycle. */
    @Test
    void noServiceFeaturesUseEachOtherInACycle() {
        slices().matching("dev.arus.server.(*)..").should().beFreeOfCycles().check(CLASSES);
    }

    @Test
    void theServiceUsesOnlyTheEnginesPublicPackages() {
        String[] open = ENGINE_PUBLIC.stream().map(ArchitectureTest::pattern).toArray(String[]::new);
        classes().that().resideInAPackage("dev.arus.server..")
                .should().onlyDependOnClassesThat(resideOutsideOfPackage("dev.arus.engine..")
                        .or(resideInAnyPackage(open))
                        .or(JavaClass.Predicates.belongToAnyOf(ENGINE_PUBLIC_CLASSES.stream()
                                .map(ArchitectureTest::load).toArray(Class[]::new))))
                .because("the engine's public packages are " + ENGINE_PUBLIC)
                .check(CLASSES);
    }

    private static Class<?> load(String name) {
        try {
            return Class.forName(name);
        } catch (ClassNotFoundException missing) {
            throw new IllegalStateException(missing);
        }
    }

    @Test
    void theEngineUsesNoFramework() {
        noClasses().that().resideInAPackage("dev.arus.engine..")
                .should().dependOnClassesThat().resideInAnyPackage("org.springframework..", "jakarta..",
                        "io.micrometer..", "com.fasterxml..", "tools.jackson.databind..", "tools.jackson.annotation..",
                        "dev.arus.server..")
                .check(CLASSES);
    }

    /** The connection pool and PostgreSQL's driver are behind the jdbc sink: nothing else of the engine loads them. */
    @Test
    void onlyTheJdbcSinkUsesTheDatabaseDriverAndPool() {
        noClasses().that().resideInAPackage("dev.arus..").and().resideOutsideOfPackage("dev.arus.engine.jdbc..")
                .should().dependOnClassesThat().resideInAnyPackage("org.postgresql..", "com.zaxxer.hikari..")
                .check(CLASSES);
    }

    /** The Kafka client is behind the kafka source and sink: nothing else of the engine loads it. */
    @Test
    void onlyTheKafkaConnectorsUseTheKafkaClient() {
        noClasses().that().resideInAPackage("dev.arus..").and().resideOutsideOfPackage("dev.arus.engine.kafka..")
                .should().dependOnClassesThat().resideInAnyPackage("org.apache.kafka..")
                .check(CLASSES);
    }
}
