package dev.arus.server.ops;

import dev.arus.server.AdjustableClock;
import dev.arus.server.query.restart.ManualRestartTimer;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.annotation.Import;

/**
 * The service started empty on a random port with a data directory of its own, its engine on an
 * {@link AdjustableClock} and its restart attempts run by hand ({@link ManualRestartTimer}); one
 * context shared by the operations tests, each of which deletes the queries it creates.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {"arus.demo.enabled=false",
        "arus.data-dir=${java.io.tmpdir}/arus-ops-service-${random.uuid}"})
@Import({AdjustableClock.Configuration.class, ManualRestartTimer.Configuration.class})
@interface OpsService {
}
