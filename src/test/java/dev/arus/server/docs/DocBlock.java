package dev.arus.server.docs;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A fenced code block of a page of the documentation, with what the page says of it: its language
 * (the fence's info string, empty for none) and the {@link Marking} of an HTML comment on the line
 * just before it (blank lines between allowed), which a reader of the rendered page does not see.
 *
 * @param line the 1-based line of the opening fence
 */
record DocBlock(Path page, int line, String language, Marking marking, String text) {

    private static final Pattern COMMENT = Pattern.compile("^<!--\\s*(.*?)\\s*-->$");

    /** What a page says of the block after it: how {@code DocsExamplesTest} takes it. */
    sealed interface Marking {
    }

    /** No comment before the block. */
    record Unmarked() implements Marking {
    }

    /** {@code <!-- not run: why -->}: an example the test does not run, saying why. */
    record NotRun(String why) implements Marking {
    }

    /** {@code <!-- status: 400 -->}: every request of the commands is answered with this status. */
    record Status(int status) implements Marking {
    }

    /**
     * {@code <!-- output -->}: the answer to the last request of the commands before, whose values
     * the block's must equal; {@code <!-- output: shape -->}: whose fields the block's must have,
     * with values of the same JSON types, for values that differ from run to run.
     */
    record Output(boolean shapeOnly) implements Marking {
    }

    /** {@code <!-- file: name -->}: a file the commands after it read, written as shown. */
    record File(String name) implements Marking {
    }

    /** The fenced blocks of {@code markdown}, the text of {@code page}, in order. */
    static List<DocBlock> of(Path page, String markdown) {
        List<DocBlock> blocks = new ArrayList<>();
        String[] lines = markdown.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            if (!lines[i].startsWith("```")) {
                continue;
            }
            int open = i;
            StringBuilder text = new StringBuilder();
            for (i++; i < lines.length && !lines[i].startsWith("```"); i++) {
                text.append(lines[i]).append('\n');
            }
            blocks.add(new DocBlock(page, open + 1, lines[open].substring(3).strip(), markingBefore(page, lines, open),
                    text.toString()));
        }
        return blocks;
    }

    /** Whether the block is shell commands: a fence of {@code sh} or {@code bash}. */
    boolean isShell() {
        return language.equals("sh") || language.equals("bash");
    }

    /** Where the block is, as {@code page:line}. */
    String where() {
        return page + ":" + line;
    }

    private static Marking markingBefore(Path page, String[] lines, int fence) {
        int i = fence - 1;
        while (i >= 0 && lines[i].isBlank()) {
            i--;
        }
        Matcher comment = i < 0 ? null : COMMENT.matcher(lines[i].strip());
        if (comment == null || !comment.matches()) {
            return new Unmarked();
        }
        String said = comment.group(1);
        if (said.startsWith("not run:")) {
            return new NotRun(said.substring("not run:".length()).strip());
        }
        if (said.startsWith("status:")) {
            return new Status(Integer.parseInt(said.substring("status:".length()).strip()));
        }
        if (said.equals("output") || said.equals("output: shape")) {
            return new Output(said.endsWith("shape"));
        }
        if (said.startsWith("file:")) {
            return new File(said.substring("file:".length()).strip());
        }
        throw new IllegalArgumentException(page + ":" + (fence + 1) + ": an unknown marking before a block: " + said);
    }
}
