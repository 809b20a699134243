package dev.arus.engine.data;

/** The scalar types Arus supports; {@code NULL} is the type of an untyped {@code NULL} literal. */
public enum AtomicType implements DataType {
    BOOLEAN("boolean"),
    INT("int"),
    LONG("bigint"),
    DOUBLE("double"),
    STRING("string"),
    TIMESTAMP("timestamp"),
    NULL("void");

    private final String simpleString;

    AtomicType(String simpleString) {
        this.simpleString = simpleString;
    }

    @Override
    public String simpleString() {
        return simpleString;
    }
}
