package dev.arus.engine.jdbc;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * One real PostgreSQL server for the tests: Debian's {@code postgresql} package's binaries
 * ({@code initdb}, {@code pg_ctl}), a fresh data directory, a free loopback port, password
 * authentication for user {@value #USER}. Started on first use and shared by the tests of a JVM
 * (each uses tables of its own); stopped when the JVM exits. PostgreSQL refuses to run as root: as
 * root, every command runs as the {@code postgres} user of the package, through {@code runuser}.
 */
public final class PostgresTestServer {

    public static final String USER = "arus";
    public static final String PASSWORD = "arus-test-secret";

    private static PostgresTestServer shared;

    private final Path binaries;
    private final Path dataDirectory;
    private final int port;

    private PostgresTestServer(Path binaries, Path dataDirectory, int port) {
        this.binaries = binaries;
        this.dataDirectory = dataDirectory;
        this.port = port;
    }

    /** The shared server, started on first use. */
    public static synchronized PostgresTestServer shared() {
        if (shared == null) {
            shared = start();
            PostgresTestServer server = shared;
            Runtime.getRuntime().addShutdownHook(new Thread(server::stop, "postgres-test-server-stop"));
        }
        return shared;
    }

    /** A server of its own, for a test that stops it; the caller stops it. */
    public static PostgresTestServer start() {
        try {
            Path binaries = binaries();
            Path directory = Files.createTempDirectory("arus-postgres-");
            Path data = directory.resolve("data");
            Path passwordFile = directory.resolve("password");
            Files.writeString(passwordFile, PASSWORD + "\n");
            if (asRoot()) {
                run(List.of("chown", "-R", "postgres:postgres", directory.toString()), 30);
            }
            run(asPostgres(List.of(binaries.resolve("initdb").toString(), "-D", data.toString(), "-U", USER,
                    "--pwfile=" + passwordFile, "--auth-local=trust", "--auth-host=scram-sha-256", "-E", "UTF8",
                    "--no-instructions")), 120);
            int port = freePort();
            // fsync off: the tests kill Arus's JVM, never this server; no unix socket outside the directory.
            String options = "-p " + port + " -c listen_addresses=127.0.0.1 -c unix_socket_directories="
                    + directory + " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
                    + " -c max_connections=200";
            run(asPostgres(List.of(binaries.resolve("pg_ctl").toString(), "-D", data.toString(), "-l",
                    directory.resolve("server.log").toString(), "-o", options, "-w", "-t", "60", "start")), 90);
            return new PostgresTestServer(binaries, data, port);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Stops the server at once and deletes its data directory. */
    public void stop() {
        try {
            run(asPostgres(List.of(binaries.resolve("pg_ctl").toString(), "-D", dataDirectory.toString(), "-m",
                    "immediate", "-w", "stop")), 60);
        } catch (RuntimeException alreadyStopped) {
            // nothing to stop
        }
        try (Stream<Path> files = Files.walk(dataDirectory.getParent())) {
            files.sorted(Comparator.reverseOrder()).forEach(file -> file.toFile().delete());
        } catch (IOException ignored) {
            // a temporary directory
        }
    }

    public int port() {
        return port;
    }

    public String url() {
        return "jdbc:postgresql://127.0.0.1:" + port + "/postgres";
    }

    public Connection connect() throws SQLException {
        return DriverManager.getConnection(url(), USER, PASSWORD);
    }

    /** Runs {@code sql} (statements without results). */
    public void execute(String sql) {
        try (Connection connection = connect(); Statement statement = connection.createStatement()) {
            statement.execute(sql);
        } catch (SQLException e) {
            throw new IllegalStateException(sql, e);
        }
    }

    /** The rows of {@code sql}, each as its values' text joined by {@code |}, in the query's order. */
    public List<String> rows(String sql) {
        try (Connection connection = connect(); Statement statement = connection.createStatement();
             ResultSet result = statement.executeQuery(sql)) {
            ResultSetMetaData columns = result.getMetaData();
            List<String> rows = new ArrayList<>();
            while (result.next()) {
                List<String> values = new ArrayList<>();
                for (int c = 1; c <= columns.getColumnCount(); c++) {
                    values.add(result.getString(c));
                }
                rows.add(String.join("|", values));
            }
            return rows;
        } catch (SQLException e) {
            throw new IllegalStateException(sql, e);
        }
    }

    /** The newest installed server's binaries: Debian puts each major version in /usr/lib/postgresql/N/bin. */
    private static Path binaries() throws IOException {
        Path root = Path.of("/usr/lib/postgresql");
        if (!Files.isDirectory(root)) {
            throw new IllegalStateException("PostgreSQL's server is not installed: apt-get install postgresql "
                    + "(.ci/run does)");
        }
        try (Stream<Path> versions = Files.list(root)) {
            return versions.filter(version -> Files.isExecutable(version.resolve("bin").resolve("initdb")))
                    .max(Comparator.comparingInt(version -> Integer.parseInt(version.getFileName().toString())))
                    .map(version -> version.resolve("bin"))
                    .orElseThrow(() -> new IllegalStateException("no PostgreSQL server under " + root));
        }
    }

    private static boolean asRoot() {
        return "root".equals(System.getProperty("user.name"));
    }

    private static List<String> asPostgres(List<String> command) {
        if (!asRoot()) {
            return command;
        }
        List<String> wrapped = new ArrayList<>(List.of("runuser", "-u", "postgres", "--"));
        wrapped.addAll(command);
        return wrapped;
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    private static void run(List<String> command, long timeoutSeconds) {
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            byte[] output = process.getInputStream().readAllBytes();
            if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new IllegalStateException(command + " did not finish in " + timeoutSeconds + " s");
            }
            if (process.exitValue() != 0) {
                throw new IllegalStateException(command + " exited with " + process.exitValue() + ": "
                        + new String(output, StandardCharsets.UTF_8));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
