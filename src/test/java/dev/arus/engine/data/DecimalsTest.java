package dev.arus.engine.data;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class DecimalsTest {

    private static final DecimalType PRICE = new DecimalType(5, 2);

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(nullValues = "null", value = {
            "1.005, 1.01", "-1.005, -1.01", "999.994, 999.99", "999.995, null", "1000, null", "0.005, 0.01",
            "0.0049, 0.00", "-0.004, 0.00", "0.0001, 0.00", "0, 0.00", "0e999999999, 0.00", "1e2, 100.00",
            "1e3, null"})
    void roundsHalfUpToTheScaleAndRefusesMoreDigitsThanThePrecision(String value, String expected) {
        BigDecimal typed = Decimals.toType(new BigDecimal(value), PRICE);
        assertThat(typed).isEqualTo(expected == null ? null : new BigDecimal(expected));
    }

    @Test
    void judgesAValueOfAnyExponentWithoutComputingItsDigits() {
        assertThat(Decimals.toType(new BigDecimal("1e999999999"), PRICE)).isNull();
        assertThat(Decimals.toType(new BigDecimal("-1e999999999"), new DecimalType(38, 0))).isNull();
        assertThat(Decimals.toType(new BigDecimal("1e-999999999"), PRICE)).isEqualTo(new BigDecimal("0.00"));
        assertThat(Decimals.toType(new BigDecimal("-5e-999999999"), new DecimalType(38, 37)))
                .isEqualTo(BigDecimal.ZERO.setScale(37));
        BigDecimal largest = new BigDecimal("9".repeat(38));
        assertThat(Decimals.toType(largest, new DecimalType(38, 0))).isEqualTo(largest);
        assertThat(Decimals.toType(largest.movePointLeft(38), new DecimalType(38, 38))).isEqualTo(
                largest.movePointLeft(38));
        assertThat(Decimals.toType(new BigDecimal("1e38"), new DecimalType(38, 0))).isNull();
    }
}
