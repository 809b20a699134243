package dev.arus.engine.jdbc;

import dev.arus.engine.data.ArrayType;
import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.DataType;
import dev.arus.engine.data.DecimalType;
import java.util.List;

/**
 * The PostgreSQL type of each column type, as Spark 4.2's {@code PostgresDialect.getJDBCType}
 * (falling back on {@code JdbcUtils.getCommonJDBCType}) maps it when Spark creates a table:
 * {@code string} TEXT, {@code binary} BYTEA, {@code boolean} BOOLEAN, {@code float} FLOAT4,
 * {@code double} FLOAT8, {@code tinyint} and {@code smallint} SMALLINT, {@code int} INTEGER,
 * {@code bigint} BIGINT, {@code timestamp} TIMESTAMP WITH TIME ZONE, {@code date} DATE,
 * {@code decimal(p,s)} NUMERIC(p,s), an array of any of them that type followed by {@code []}.
 * Spark has no mapping for a struct, a map or an interval, nor does this. An existing column is
 * accepted when it holds every value of the output's type: the mapped type or a wider one.
 */
final class PostgresTypes {

    private PostgresTypes() {
    }

    /** The type a created column gets, or {@code null} when Spark's dialect has none. */
    static String ddl(DataType type) {
        if (type instanceof DecimalType decimal) {
            return "NUMERIC(" + decimal.precision() + "," + decimal.scale() + ")";
        }
        if (type instanceof ArrayType array && (array.elementType() instanceof AtomicType
                || array.elementType() instanceof DecimalType)) {
            String element = ddl(array.elementType());
            return element == null ? null : element + "[]";
        }
        if (!(type instanceof AtomicType atomic)) {
            return null;
        }
        return switch (atomic) {
            case BOOLEAN -> "BOOLEAN";
            case BYTE, SHORT -> "SMALLINT";
            case INT -> "INTEGER";
            case LONG -> "BIGINT";
            case FLOAT -> "FLOAT4";
            case DOUBLE -> "FLOAT8";
            case STRING -> "TEXT";
            case BINARY -> "BYTEA";
            case DATE -> "DATE";
            case TIMESTAMP -> "TIMESTAMP WITH TIME ZONE";
            case NULL -> null;
        };
    }

    /**
     * The names PostgreSQL reports ({@code pg_type.typname}, as the driver's
     * {@code getColumnTypeName} gives them) of the column types that hold every value of
     * {@code type}: the mapped type first.
     */
    static List<String> accepted(DataType type) {
        if (type instanceof DecimalType) {
            return List.of("numeric");
        }
        if (type instanceof ArrayType array) {
            return accepted(array.elementType()).stream().map(element -> "_" + element).toList();
        }
        return switch ((AtomicType) type) {
            case BOOLEAN -> List.of("bool");
            case BYTE, SHORT -> List.of("int2", "int4", "int8", "numeric", "float4", "float8");
            case INT -> List.of("int4", "int8", "numeric", "float8");
            case LONG -> List.of("int8", "numeric");
            case FLOAT -> List.of("float4", "float8");
            case DOUBLE -> List.of("float8");
            case STRING -> List.of("text", "varchar", "bpchar", "json", "jsonb");
            case BINARY -> List.of("bytea");
            case DATE -> List.of("date", "timestamptz", "timestamp");
            case TIMESTAMP -> List.of("timestamptz", "timestamp");
            case NULL -> List.of();
        };
    }
}
