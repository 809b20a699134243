package dev.arus.server.security;

import dev.arus.server.ArusProperties;
import jakarta.servlet.DispatcherType;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.http.HttpMethod;
import org.springframework.security.authentication.ProviderManager;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configurers.AbstractHttpConfigurer;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.config.observation.SecurityObservationSettings;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.authentication.AnonymousAuthenticationFilter;
import org.springframework.security.web.authentication.AuthenticationEntryPointFailureHandler;
import org.springframework.security.web.authentication.AuthenticationFilter;
import org.springframework.security.web.authentication.UsernamePasswordAuthenticationFilter;
import org.springframework.security.web.header.writers.ReferrerPolicyHeaderWriter;

/**
 * Who may do what (docs/configuration.md, "Security"). With {@code arus.security.api-token} set, reads
 * ({@code GET} of the API, the dashboard, the API description), {@code /actuator/health} and
 * {@code /actuator/prometheus} stay open; every other request (each change, the rest of the
 * Actuator, the live WebSocket's handshake) needs the token as a bearer token, else {@code 401}.
 * Without a token everything is open and {@link ListenAddressGuard} keeps the server on loopback.
 * Either way: changes and live handshakes are rate-limited per client address, each on a budget
 * of its own, and every response carries a content security policy without inline scripts,
 * {@code nosniff} and frame denial. Stateless: no session, no cookie, so no CSRF token is needed.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(ApiSecurityProperties.class)
class SecurityConfiguration {

    /** The dashboard loads only its own scripts; ECharts draws on a canvas; the live feed is a WebSocket. */
    static final String CONTENT_SECURITY_POLICY = "default-src 'self'; script-src 'self'; "
            + "style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self'; connect-src 'self' ws: wss:; "
            + "object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

    /** Also an {@code AuthenticationProvider} bean, so Spring Boot creates no default user and password. */
    @Bean
    ApiToken apiToken(ApiSecurityProperties security) {
        return new ApiToken(security.apiToken());
    }

    /**
     * Spring Security observes nothing of its own: no observation around each of its filters, each
     * authentication and each authorization. With an observation registry present it wraps every
     * filter of the chain in one: Micrometer's share of a small ingestion post's samples went from
     * about 17 % to 8 % without them (docs/benchmarks.md, {@code BENCH ingest-concurrent}); the
     * request's own observation ({@code http.server.requests}) stays.
     */
    @Bean
    SecurityObservationSettings securityObservations() {
        return SecurityObservationSettings.noObservations();
    }

    @Bean
    ListenAddressGuard listenAddressGuard(ApiSecurityProperties security, Environment environment) {
        return new ListenAddressGuard(security, environment.getProperty("server.address"));
    }

    @Bean
    SecurityFilterChain apiSecurity(HttpSecurity http, ApiSecurityProperties security, ApiToken token,
                                    ArusProperties properties) throws Exception {
        TokenEntryPoint entryPoint = new TokenEntryPoint();
        AuthenticationFilter bearer = new AuthenticationFilter(new ProviderManager(token), new BearerTokenResolver());
        bearer.setSuccessHandler((request, response, authentication) -> { });
        bearer.setFailureHandler(new AuthenticationEntryPointFailureHandler(entryPoint));
        ArusProperties.Limits limits = properties.limits();
        http.csrf(AbstractHttpConfigurer::disable)
                .httpBasic(AbstractHttpConfigurer::disable)
                .formLogin(AbstractHttpConfigurer::disable)
                .logout(AbstractHttpConfigurer::disable)
                .requestCache(AbstractHttpConfigurer::disable)
                .sessionManagement(session -> session.sessionCreationPolicy(SessionCreationPolicy.STATELESS))
                .exceptionHandling(exceptions -> exceptions.authenticationEntryPoint(entryPoint))
                .headers(headers -> headers
                        .contentSecurityPolicy(csp -> csp.policyDirectives(CONTENT_SECURITY_POLICY))
                        .frameOptions(frame -> frame.deny())
                        .referrerPolicy(referrer -> referrer.policy(ReferrerPolicyHeaderWriter.ReferrerPolicy.SAME_ORIGIN)))
                .addFilterBefore(new RequestRateLimiter(RequestRateLimiter.Limited.CHANGES,
                        limits.mutatingRequestsPerMinute(), limits.rateLimitedClients(), System::nanoTime),
                        UsernamePasswordAuthenticationFilter.class)
                .addFilterBefore(new RequestRateLimiter(RequestRateLimiter.Limited.LIVE_HANDSHAKES,
                        limits.liveHandshakesPerMinute(), limits.rateLimitedClients(), System::nanoTime),
                        UsernamePasswordAuthenticationFilter.class)
                .addFilterBefore(new RequestRateLimiter(RequestRateLimiter.Limited.INGESTION,
                        limits.ingestRequestsPerMinute(), limits.rateLimitedClients(), System::nanoTime),
                        UsernamePasswordAuthenticationFilter.class)
                .addFilterBefore(bearer, AnonymousAuthenticationFilter.class);
        if (!security.tokenRequired()) {
            http.authorizeHttpRequests(requests -> requests.anyRequest().permitAll());
            return http.build();
        }
        http.authorizeHttpRequests(requests -> requests
                .dispatcherTypeMatchers(DispatcherType.ERROR, DispatcherType.ASYNC).permitAll()
                .requestMatchers("/actuator/health", "/actuator/health/**", "/actuator/prometheus").permitAll()
                .requestMatchers("/actuator", "/actuator/**").authenticated()
                .requestMatchers("/ws/**").authenticated()
                .requestMatchers(HttpMethod.GET, "/**").permitAll()
                .requestMatchers(HttpMethod.HEAD, "/**").permitAll()
                .requestMatchers(HttpMethod.OPTIONS, "/**").permitAll()
                .anyRequest().authenticated());
        return http.build();
    }
}
