package dev.arus.server.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;

import dev.arus.server.ArusApplication;
import java.net.InetAddress;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.web.server.ConfigurableWebServerFactory;
import org.springframework.core.NestedExceptionUtils;

class ListenAddressGuardTest {

    private final ConfigurableWebServerFactory factory = mock(ConfigurableWebServerFactory.class);

    @Test
    void listensOnLoopbackOnlyWithoutATokenAndAddress() throws Exception {
        new ListenAddressGuard(new ApiSecurityProperties(null, false), null).customize(factory);
        verify(factory).setAddress(InetAddress.getByName("127.0.0.1"));
    }

    @Test
    void keepsALoopbackAddressAndAnyAddressWithAToken() {
        new ListenAddressGuard(new ApiSecurityProperties(null, false), "127.0.0.1").customize(factory);
        new ListenAddressGuard(new ApiSecurityProperties("s3cret", false), "0.0.0.0").customize(factory);
        new ListenAddressGuard(new ApiSecurityProperties(null, true), "0.0.0.0").customize(factory);
        verify(factory, never()).setAddress(org.mockito.ArgumentMatchers.any());
    }

    @Test
    void refusesAPublicAddressWithoutATokenSayingWhy() {
        assertThatThrownBy(() -> new ListenAddressGuard(new ApiSecurityProperties(" ", false), "0.0.0.0")
                .customize(factory))
                .hasMessageContaining("Refusing to listen on 0.0.0.0 without an API token")
                .hasMessageContaining("arus.security.api-token");
    }

    @Test
    @ExtendWith(OutputCaptureExtension.class)
    void aStartRefusedForWantOfATokenSaysWhatIsWrongAndWhatToDoWithoutAStackTrace(CapturedOutput output) {
        SpringApplicationBuilder service = new SpringApplicationBuilder(ArusApplication.class)
                .properties("server.port=0", "server.address=0.0.0.0", "arus.demo.enabled=false",
                        "arus.data-dir=" + System.getProperty("java.io.tmpdir") + "/arus-refusal-" + System.nanoTime());
        int before = output.getAll().length();

        assertThatThrownBy(service::run).isNotNull();

        String printed = output.getAll().substring(before);
        assertThat(printed).contains("APPLICATION FAILED TO START");
        String report = printed.substring(printed.indexOf("APPLICATION FAILED TO START"));
        assertThat(report).contains("Description:", "listen on 0.0.0.0 (server.address) without an API token",
                "Action:", "arus.security.api-token (ARUS_SECURITY_API_TOKEN)", "arus.security.allow-anonymous=true");
        assertThat(printed).doesNotContain("BeanCreationException").doesNotContain("\tat org.springframework");
        assertThat(report.lines().count()).as(report).isLessThan(20);
    }

    @Test
    void theServiceRefusesToStartOnAPublicAddressWithoutAToken() {
        SpringApplicationBuilder service = new SpringApplicationBuilder(ArusApplication.class)
                .properties("server.port=0", "server.address=0.0.0.0", "arus.demo.enabled=false",
                        "arus.data-dir=" + System.getProperty("java.io.tmpdir") + "/arus-refusal-" + System.nanoTime());
        assertThatThrownBy(service::run)
                .satisfies(failure -> assertThat(NestedExceptionUtils.getMostSpecificCause(failure).getMessage())
                        .contains("Refusing to listen on 0.0.0.0 without an API token"));
    }
}
