package dev.arus.engine.http;

import dev.arus.engine.expr.json.JsonValueWriter;
import dev.arus.engine.sink.Sink;
import dev.arus.engine.sink.SinkContext;
import dev.arus.engine.sink.SinkProvider;
import dev.arus.engine.streaming.ArusException;
import dev.arus.engine.streaming.IntervalParser;
import dev.arus.engine.streaming.InvalidOptionException;
import dev.arus.engine.streaming.OptionNames;
import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * The {@code http} sink format: an {@link HttpSink} posting to option {@code url}, whose host the
 * session must allow ({@link AllowedHosts}). Options: {@code perRow} (false: one request per
 * batch), {@code template} (a body per row, {@link BodyTemplate}), {@code requestTimeout} (10
 * seconds: one request's wait for its answer) and {@code maxBatchTime} (1 minute: a batch's
 * requests and retries in all), as intervals ({@code "30 seconds"}). Nothing is sent when the
 * query starts: a receiver is often a chat service that shows every request.
 */
public final class HttpSinkProvider implements SinkProvider {

    public static final String FORMAT = "http";

    @Override
    public String format() {
        return FORMAT;
    }

    @Override
    public List<String> options() {
        return List.of("url", "perRow", "template", "requestTimeout", "maxBatchTime");
    }

    @Override
    public Sink create(SinkContext context) {
        URI url = AllowedHosts.of(context.conf(AllowedHosts.KEY)).check(context.option("url"));
        String shown = OptionNames.maskedUrl(url.toString());
        boolean perRow = bool(context.option("perRow"), "perRow");
        String templateText = context.option("template");
        BodyTemplate template = templateText == null ? null : BodyTemplate.parse(templateText, context.schema());
        Duration requestTimeout = interval(context.option("requestTimeout"), "requestTimeout", Duration.ofSeconds(10));
        Duration maxBatchTime = interval(context.option("maxBatchTime"), "maxBatchTime", Duration.ofMinutes(1));
        HttpClient client = HttpClient.newBuilder().connectTimeout(context.connectTimeout())
                .followRedirects(HttpClient.Redirect.NEVER).build();
        return new HttpSink(new Delivery(client, url, shown, requestTimeout, context.clock()), shown,
                context.query().id(), perRow, template, new JsonValueWriter(context.timeZone()), maxBatchTime,
                context.clock());
    }

    private static boolean bool(String value, String option) {
        if (value == null) {
            return false;
        }
        return switch (value.trim().toLowerCase(Locale.ROOT)) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new InvalidOptionException(option, "Invalid value '" + value + "' for option '" + option
                    + "': true or false");
        };
    }

    private static Duration interval(String value, String option, Duration otherwise) {
        if (value == null) {
            return otherwise;
        }
        long micros;
        try {
            micros = IntervalParser.parseMicros(value);
        } catch (ArusException invalid) {
            throw new InvalidOptionException(option, "Invalid interval '" + value + "' for option '" + option + "': "
                    + invalid.getMessage());
        }
        if (micros < 1000) {
            throw new InvalidOptionException(option, "Option '" + option + "' must be at least 1 millisecond");
        }
        return Duration.ofNanos(micros * 1000);
    }
}
