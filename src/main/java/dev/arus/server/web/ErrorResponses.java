package dev.arus.server.web;

import dev.arus.server.ProblemWriter;
import org.apache.catalina.Pipeline;
import org.apache.catalina.Valve;
import org.apache.catalina.core.StandardHost;
import org.apache.catalina.valves.ErrorReportValve;
import org.springframework.boot.tomcat.ConfigurableTomcatWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.security.web.firewall.RequestRejectedHandler;

/**
 * Every error the service sends is a problem document, whoever answers. The API's refusals come
 * from its problem handler, the token and rate checks write theirs with {@link ProblemWriter};
 * this class covers the rest: Spring Security's firewall (an unknown method, a path with
 * {@code ;} or {@code //}), the container's error page ({@link ErrorPageController}), and Tomcat's
 * error report ({@link ProblemReportValve}) for what Tomcat refuses before any servlet runs and
 * for an error status a servlet left without a body.
 */
@Configuration(proxyBeanMethods = false)
class ErrorResponses {

    /** The firewall's reason, such as the method or the path segment it refused, is the detail. */
    @Bean
    RequestRejectedHandler rejectedRequestProblem() {
        return (request, response, rejected) -> ProblemWriter.writeStatus(response, 400, rejected.getMessage(),
                request.getRequestURI());
    }

    /**
     * Replaces the {@link ErrorReportValve} on Tomcat's host. Unordered, this runs after Spring
     * Boot's customizer, so its context customizer runs after the one that adds Boot's valve.
     */
    @Bean
    WebServerFactoryCustomizer<ConfigurableTomcatWebServerFactory> problemReportValve() {
        return factory -> factory.addContextCustomizers(context -> {
            StandardHost host = (StandardHost) context.getParent();
            Pipeline pipeline = host.getPipeline();
            for (Valve valve : pipeline.getValves()) {
                if (valve instanceof ErrorReportValve) {
                    pipeline.removeValve(valve);
                }
            }
            pipeline.addValve(new ProblemReportValve());
            host.setErrorReportValveClass(ProblemReportValve.class.getName()); // else the host adds Tomcat's at start
        });
    }
}
