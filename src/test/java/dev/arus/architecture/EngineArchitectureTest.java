package dev.arus.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/** The engine is a plain library: the service may use it, never the other way round. */
class EngineArchitectureTest {

    private static final JavaClasses CLASSES = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("dev.arus");

    @Test
    void engineImportsNoSpringJacksonDatabindOrMicrometer() {
        noClasses().that().resideInAPackage("dev.arus.engine..")
                .should().dependOnClassesThat().resideInAnyPackage(
                        "org.springframework..", "com.fasterxml..", "io.micrometer..")
                .check(CLASSES);
    }

    /** JSON functions may stream with Jackson's core; objects, annotations and databind stay out. */
    @Test
    void engineUsesOnlyJacksonsStreamingCore() {
        noClasses().that().resideInAPackage("dev.arus.engine..")
                .should().dependOnClassesThat(JavaClass.Predicates.resideInAPackage("tools.jackson..")
                        .and(DescribedPredicate.not(JavaClass.Predicates.resideInAPackage("tools.jackson.core.."))))
                .check(CLASSES);
    }

    @Test
    void engineDoesNotReachIntoTheServer() {
        noClasses().that().resideInAPackage("dev.arus.engine..")
                .should().dependOnClassesThat().resideInAPackage("dev.arus.server..")
                .check(CLASSES);
    }

    @Test
    void serverUsesTheEnginesApiNotItsInternals() {
        noClasses().that().resideInAPackage("dev.arus.server..")
                .should().dependOnClassesThat().resideInAnyPackage("dev.arus.engine.expr..",
                        "dev.arus.engine.plan..", "dev.arus.engine.exec..", "dev.arus.engine.state..",
                        "dev.arus.engine.runtime..")
                .check(CLASSES);
    }

    @Test
    void sourcesAndSinksDoNotDependOnTheRuntimeOrPlanner() {
        noClasses().that().resideInAnyPackage("dev.arus.engine.source..", "dev.arus.engine.sink..")
                .should().dependOnClassesThat().resideInAnyPackage(
                        "dev.arus.engine.runtime..", "dev.arus.engine.plan..", "dev.arus.engine.exec..")
                .check(CLASSES);
    }
}
