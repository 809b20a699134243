package dev.arus.server;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class PrintableTextTest {

    @ParameterizedTest
    @ValueSource(strings = {"visits-per-8s", "Zählung café", "📈 chart", "日本語の名前", "a b\\nc"})
    void leavesPrintableTextAsItIs(String text) {
        assertThat(PrintableText.isPrintable(text)).isTrue();
        assertThat(PrintableText.escape(text)).isSameAs(text);
    }

    @ParameterizedTest
    @ValueSource(strings = {"line\nbreak", "nul\u0000", "\u001b[31mred", "tab\there", "next\u0085line",
            "abc\u202Edef", "zero\u200Bwidth", "line\u2028separator", "para\u2029graph", "half\ud800", "half\udc00"})
    void findsControlFormatAndSeparatorCharactersAndUnpairedSurrogatesUnprintable(String text) {
        assertThat(PrintableText.isPrintable(text)).isFalse();
        assertThat(PrintableText.isPrintable(PrintableText.escape(text))).isTrue();
    }

    @Test
    void writesEachUnprintableCharacterAsAJavaEscape() {
        assertThat(PrintableText.escape("a\nb\r\tc\u0000\u001b[2J\u202E\ud800\uDB40\uDC01"))
                .isEqualTo("a\\nb\\r\\tc\\u0000\\u001b[2J\\u202e\\ud800\\udb40\\udc01");
    }

    @Test
    void escapesNullAsTheWordNull() {
        assertThat(PrintableText.escape(null)).isEqualTo("null");
    }
}
