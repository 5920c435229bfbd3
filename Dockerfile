# FlowStage in a container, for people without a Swift toolchain:
#
#   docker build -t flowstage .
#   docker run --rm -p 8080:8080 -v "$PWD:/models" flowstage serve /models
#
# The build stage makes the Debian package (Tools/deb.sh); the run stage installs that package,
# and nothing else, into Debian's slim image. `make test` installs the same package into a clean
# root of the same Debian release and checks it there (Tests/Package/package_test.py reads this
# file's run stage to keep the two equal): Docker itself cannot run on the machines FlowStage is
# tested on, so this file is checked by that test, not by a docker build.

FROM swift:6.3-bookworm AS build
RUN apt-get update \
 && apt-get install -y --no-install-recommends libmicrohttpd-dev libcmark-dev libsqlite3-dev pkg-config dpkg-dev binutils python3 \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY . .
RUN Tools/deb.sh /out

FROM debian:bookworm-slim
# The slim image drops /usr/share/doc when packages install; the example project lives there.
RUN echo 'path-include=/usr/share/doc/flowstage/*' > /etc/dpkg/dpkg.cfg.d/flowstage
COPY --from=build /out/flowstage_*.deb /tmp/
RUN apt-get update \
 && apt-get install -y --no-install-recommends /tmp/flowstage_*.deb \
 && rm -rf /var/lib/apt/lists/* /tmp/flowstage_*.deb \
 && useradd --create-home --uid 10001 flowstage \
 && mkdir /models && chown flowstage:flowstage /models
USER flowstage
WORKDIR /home/flowstage
# Inside a container the server must listen on every interface, or a published port never
# reaches it; outside one the default stays 127.0.0.1. The port is fixed so the health check
# and `-p 8080:8080` find it.
ENV FLOWSTAGE_HOST=0.0.0.0 FLOWSTAGE_PORT=8080
EXPOSE 8080
# bash and coreutils are in the slim image; no HTTP client needs to be added for this.
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s CMD bash -c 'exec 3<>/dev/tcp/127.0.0.1/8080 && printf "GET /healthz HTTP/1.0\r\n\r\n" >&3 && head -n 1 <&3 | grep -q " 200 "'
ENTRYPOINT ["flowstage"]
CMD ["serve", "/models"]
