package dev.arus.server;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * The service's features talk through the registry's typed events: {@code live} and {@code ops}
 * see the engine only through its streaming vocabulary (with its rows and clock), and the
 * registry knows neither of them.
 */
class ServerArchitectureTest {

    private static final JavaClasses CLASSES = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("dev.arus");

    @Test
    void liveAndOpsSeeTheEngineOnlyThroughItsStreamingVocabulary() {
        noClasses().that().resideInAnyPackage("dev.arus.server.live..", "dev.arus.server.ops..")
                .should().dependOnClassesThat(resideInAPackage("dev.arus.engine..").and(not(resideInAnyPackage(
                        "dev.arus.engine.streaming..", "dev.arus.engine.data..", "dev.arus.engine.time.."))))
                .check(CLASSES);
    }

    @Test
    void theRegistryKnowsNothingOfItsListeners() {
        noClasses().that().resideInAPackage("dev.arus.server.query..")
                .should().dependOnClassesThat().resideInAnyPackage("dev.arus.server.live..", "dev.arus.server.ops..")
                .check(CLASSES);
    }
}
