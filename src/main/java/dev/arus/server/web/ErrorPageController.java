package dev.arus.server.web;

import dev.arus.server.ProblemWriter;
import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.springframework.boot.webmvc.error.ErrorController;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.RequestMapping;

/**
 * The servlet container's error page ({@code server.error.path}), in place of Spring Boot's: the
 * status a filter or the container gave with {@code sendError} (a rejected TRACE, a denied
 * request, an exception no handler caught) as a problem document, whatever the client accepts.
 * Asked for directly, outside an error, it is a path like any unknown one: 404.
 */
@Controller
class ErrorPageController implements ErrorController {

    @RequestMapping("${server.error.path:/error}")
    void error(HttpServletRequest request, HttpServletResponse response) throws IOException {
        Object status = request.getAttribute(RequestDispatcher.ERROR_STATUS_CODE);
        if (!(status instanceof Integer code)) {
            ProblemWriter.writeStatus(response, HttpServletResponse.SC_NOT_FOUND, "No page at " + request.getRequestURI(),
                    request.getRequestURI());
            return;
        }
        ProblemWriter.writeStatus(response, code, (String) request.getAttribute(RequestDispatcher.ERROR_MESSAGE),
                (String) request.getAttribute(RequestDispatcher.ERROR_REQUEST_URI));
    }
}
