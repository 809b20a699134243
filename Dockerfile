# syntax=docker/dockerfile:1
#
# Arus in a container (README "Docker"):
#   docker build -t arus .
#   docker run --rm -p 8080:8080 -v arus-data:/data --memory=1g -e ARUS_SECURITY_API_TOKEN=<secret> arus
#
# Security (README "Security"): the image listens on 0.0.0.0 so that -p reaches it, and the
# service refuses to start on a non-loopback address without an API token. Give it one
# (ARUS_SECURITY_API_TOKEN: changes, the live WebSocket and the Actuator beyond health and
# prometheus then need "Authorization: Bearer <token>"), or say explicitly that anyone who reaches
# the port may change queries with -e ARUS_SECURITY_ALLOW_ANONYMOUS=true (logged as a warning).
#
# Stage 1 builds the jar with the Maven wrapper, front end included. The JDK is Temurin 17; Node.js
# and npm come from Debian trixie (Node 20.19, what Vite 8 needs; bookworm's 18 is too old), and
# the front end's packages from the npm registry through `npm ci` and the lock file.
FROM eclipse-temurin:17-jdk AS jdk

FROM debian:trixie-slim AS build
ENV JAVA_HOME=/opt/java/openjdk
ENV PATH="${JAVA_HOME}/bin:${PATH}"
COPY --from=jdk /opt/java/openjdk /opt/java/openjdk
RUN apt-get update \
    && apt-get install -y --no-install-recommends nodejs npm curl unzip ca-certificates \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
# Maven and the dependencies first, in a layer of their own that survives source changes.
COPY mvnw pom.xml ./
COPY .mvn/ .mvn/
RUN ./mvnw -B -q -DskipDashboard=true dependency:go-offline
COPY frontend/ frontend/
COPY src/ src/
RUN ./mvnw -B -DskipTests package \
    && cp target/arus-*.jar /arus.jar

# Stage 2 runs it on a JRE 17, as an unprivileged user.
FROM eclipse-temurin:17-jre
RUN apt-get update \
    && apt-get install -y --no-install-recommends curl \
    && rm -rf /var/lib/apt/lists/* \
    && groupadd --system arus \
    && useradd --system --gid arus --home-dir /app --shell /usr/sbin/nologin arus \
    && mkdir -p /app /data \
    && chown arus:arus /data
WORKDIR /app
COPY --from=build --chown=root:root /arus.jar /app/arus.jar
# Checkpoints and other state live under arus.data-dir; keep them on a volume.
ENV ARUS_DATA_DIR=/data
# All interfaces, for port publishing; needs ARUS_SECURITY_API_TOKEN or ARUS_SECURITY_ALLOW_ANONYMOUS=true.
ENV SERVER_ADDRESS=0.0.0.0
VOLUME ["/data"]
# The heap follows the container's memory limit (75 % of it), not the host's; an out-of-memory
# error ends the JVM so that the container restarts instead of limping on.
ENV JAVA_TOOL_OPTIONS="-XX:MaxRAMPercentage=75 -XX:InitialRAMPercentage=25 -XX:+ExitOnOutOfMemoryError"
USER arus
EXPOSE 8080
# UP or DEGRADED (a stalled query) answer 200; DOWN answers 503.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
    CMD curl -fsS -o /dev/null http://localhost:8080/actuator/health || exit 1
# exec form: java is PID 1 and gets SIGTERM, which stops the queries gracefully.
ENTRYPOINT ["java", "-jar", "/app/arus.jar"]
