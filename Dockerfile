# syntax=docker/dockerfile:1
#
# Arus in a container (docs/docker.md):
#   docker build -t arus .
#   docker build --build-arg EDITION=spark -t arus-spark .   (Apache Spark built in: docs/docker.md)
#   docker run --rm -p 8080:8080 -v arus-data:/data --memory=1g -e ARUS_SECURITY_API_TOKEN="$TOKEN" arus
#
# Security (docs/configuration.md, "Security"): the image listens on 0.0.0.0 so that -p reaches it, and the
# service refuses to start on a non-loopback address without an API token: anyone who reaches the
# port could change queries. Give it one (ARUS_SECURITY_API_TOKEN: changes, the live WebSocket and
# the Actuator beyond health and prometheus then need "Authorization: Bearer <token>"), or say
# explicitly that anyone may with -e ARUS_SECURITY_ALLOW_ANONYMOUS=true (logged as a warning).
#
# Base images are pinned by the digests of their multi-arch indexes, as published for these tags
# (docs/docker.md says where they were read and that this machine could not pull them); refresh
# them with `docker buildx imagetools inspect <image>:<tag>`.
ARG JDK_IMAGE=eclipse-temurin:17-jdk@sha256:5d6042fb8cdc14d614e4e421f52e3211fc5aeadddce44cbf9de8ed37c791f824
ARG JRE_IMAGE=eclipse-temurin:17-jre@sha256:207ecae0b2b104dfc6dfa763d1e9cd2041cb344800a180e24cb1a28ed533ff90
ARG BUILD_IMAGE=debian:trixie-slim@sha256:a29215f6a35e51e22adffa17f89e9d2ef06214e64a2bad10d765c46aea49f11f
# Which jar the image runs: "arus" (the default build) or "spark" (the spark profile's jar, with
# Apache Spark as the second engine and Spark's standalone and Kubernetes schedulers).
ARG EDITION=arus

FROM ${JDK_IMAGE} AS jdk

# Stage 1 builds the jar with the Maven wrapper, front end included: the JDK is Temurin 17; Node.js
# and npm come from Debian trixie (Node 20.19, what Vite 8 needs), and the front end's packages
# from the npm registry through `npm ci` and the lock file. Maven's and npm's downloads stay in
# BuildKit cache mounts across builds.
FROM ${BUILD_IMAGE} AS sources
ENV JAVA_HOME=/opt/java/openjdk
ENV PATH="${JAVA_HOME}/bin:${PATH}"
COPY --from=jdk /opt/java/openjdk /opt/java/openjdk
RUN --mount=type=cache,target=/var/cache/apt,sharing=locked \
    --mount=type=cache,target=/var/lib/apt/lists,sharing=locked \
    rm -f /etc/apt/apt.conf.d/docker-clean \
    && apt-get update \
    && apt-get install -y --no-install-recommends nodejs npm ca-certificates
WORKDIR /src
COPY mvnw pom.xml ./
COPY .mvn/ .mvn/
COPY frontend/ frontend/
COPY src/ src/
RUN cp -r src/main/jvm /jvm

# (-Darus.cds.skip=true: the class data sharing archive is trained in the final image, where the
# paths it records are the ones the service runs from.)
FROM sources AS build-arus
RUN --mount=type=cache,target=/root/.m2 \
    --mount=type=cache,target=/root/.npm \
    ./mvnw -B -DskipTests -Darus.cds.skip=true package \
    && cp target/arus-*.jar /arus.jar

# The spark profile builds in target-spark; its executable jar is the -spark one.
FROM sources AS build-spark
RUN --mount=type=cache,target=/root/.m2 \
    --mount=type=cache,target=/root/.npm \
    ./mvnw -B -DskipTests -Pspark package \
    && cp target-spark/arus-*-spark.jar /arus.jar

FROM build-${EDITION} AS build

# Stage 2 splits the jar into Spring Boot's layers (dependencies, loader, snapshots, application),
# so that a change of the code rebuilds only the last, small layer of the image.
FROM ${JDK_IMAGE} AS layers
WORKDIR /layers
COPY --from=build /arus.jar arus.jar
RUN java -Djarmode=tools -jar arus.jar extract --layers --destination extracted

# Stage 3 runs it on a JRE 17 as an unprivileged user with a fixed numeric id.
FROM ${JRE_IMAGE}
RUN --mount=type=cache,target=/var/cache/apt,sharing=locked \
    --mount=type=cache,target=/var/lib/apt/lists,sharing=locked \
    rm -f /etc/apt/apt.conf.d/docker-clean \
    && apt-get update \
    && apt-get install -y --no-install-recommends curl \
    && groupadd --gid 10001 arus \
    && useradd --uid 10001 --gid 10001 --no-create-home --home-dir /app --shell /usr/sbin/nologin arus \
    && mkdir -p /app /data \
    && chown 10001:10001 /data
WORKDIR /app
COPY --from=layers /layers/extracted/dependencies/ ./
COPY --from=layers /layers/extracted/spring-boot-loader/ ./
COPY --from=layers /layers/extracted/snapshot-dependencies/ ./
COPY --from=layers /layers/extracted/application/ ./
# The project's JVM settings (heap sizing, the context processed ahead of time and the rest,
# docs/running.md): the java launcher reads them through JDK_JAVA_OPTIONS below;
# -e JDK_JAVA_OPTIONS="@/app/jvm.options -Xmx1g" adds to them. Beside them, the training script.
COPY --from=build /jvm/ /app/
# Class data sharing: a training run of the service with its demo, up to the chapter's second
# batch, writes the archive of the classes it loaded, which every start then maps instead of
# loading them again (BENCH startup).
RUN sh /app/train-archive.sh /app/jvm.options /app/arus.jar /app/arus.jsa /tmp/arus-training
# Checkpoints, streams and other state live under arus.data-dir: a volume, or a bind mount of a
# directory this user may write (docs/docker.md).
ENV ARUS_DATA_DIR=/data
# All interfaces, for port publishing; needs ARUS_SECURITY_API_TOKEN or ARUS_SECURITY_ALLOW_ANONYMOUS=true.
ENV SERVER_ADDRESS=0.0.0.0
VOLUME ["/data"]
# The JVM settings of jvm.options (a 32 MiB heap growing to at most 512 MiB, whatever the
# container's limit, and an out-of-memory error ending the JVM so that the container restarts),
# read by the java launcher; options after the @file override it.
ENV JDK_JAVA_OPTIONS="@/app/jvm.options"
USER 10001:10001
EXPOSE 8080
# UP or DEGRADED (a stalled query) answer 200; DOWN answers 503.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
    CMD curl -fsS -o /dev/null http://localhost:8080/actuator/health || exit 1
# exec form: java is PID 1 and gets SIGTERM, which stops the queries gracefully.
ENTRYPOINT ["java", "-XX:SharedArchiveFile=/app/arus.jsa", "-jar", "/app/arus.jar"]
