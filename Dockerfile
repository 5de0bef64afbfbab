# Mail Finder's host as a container image, built from the release an operator installs:
#
#   npm run release                      # release/mail-finder-<version>.tgz
#   docker build -t mail-finder .
#   docker run --read-only -p 8080:8080 -e MAILFINDER_UPSTREAM=https://<service> mail-finder
#
# Nothing of the development checkout goes in: the build context is the tarball alone
# (.dockerignore). Settings are the host's MAILFINDER_* variables or its flags after the image
# name; docs/deploy.md says more. test/deploy/dockerfile.test.ts checks this file.

# One stage unpacks the release and installs its run-time dependencies with npm ...
FROM node:24-bookworm-slim AS install
WORKDIR /build
COPY release/mail-finder-*.tgz ./
RUN set -eu; \
    set -- ./mail-finder-*.tgz; \
    if [ "$#" -ne 1 ]; then echo "release/ holds $# tarballs ($*): keep one" >&2; exit 1; fi; \
    mkdir /opt/mail-finder; \
    tar -xzf "$1" -C /opt/mail-finder --strip-components=1; \
    rm -f "$1"
WORKDIR /opt/mail-finder
# The release's lock, no devDependencies, and no install scripts: better-sqlite3's binary is in
# its package, so nothing needs compiling or downloading (this stage has no compiler). Then the
# installed Node must be the release's (24) and the host must load and answer --help.
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund --no-update-notifier \
    && node_modules/.bin/node --version | grep -q '^v24\.' \
    && node_modules/.bin/node -e "new (require('better-sqlite3'))(':memory:').close()" \
    && node_modules/.bin/node server/cli.js --help > /dev/null

# ... the image that runs holds Debian and the installed release only (its own Node among it):
# no npm, no compiler, no shell tools beyond Debian's base.
FROM debian:bookworm-slim
RUN groupadd --gid 10001 mailfinder \
    && useradd --uid 10001 --gid 10001 --home-dir /nonexistent --no-create-home \
        --shell /usr/sbin/nologin mailfinder \
    && mkdir -p /var/lib/mail-finder \
    && chown 10001:10001 /var/lib/mail-finder
COPY --from=install /opt/mail-finder /opt/mail-finder

ENV MAILFINDER_DIST=/opt/mail-finder/dist \
    MAILFINDER_PORT=8080 \
    NODE_ENV=production
# The host writes only in its working directory, by its defaults: team mode's SQLite store
# (.team/team.db, unused with MAILFINDER_DATABASE_URL) and Try mode's database (.demo/demo.db).
# The image sets neither path: the host refuses a team setting such as MAILFINDER_DB when team
# mode is off. Everything else can be read-only (docker run --read-only).
VOLUME ["/var/lib/mail-finder"]
WORKDIR /var/lib/mail-finder
USER 10001:10001
EXPOSE 8080

# Slim Debian has no curl: the release's own Node asks /readyz (503 until the store answers).
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
    CMD ["/opt/mail-finder/node_modules/.bin/node", "-e", "fetch('http://127.0.0.1:' + (process.env.MAILFINDER_PORT || 8080) + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]

# Node is PID 1 (exec form, no shell between): the host handles SIGTERM itself, finishing the
# requests in flight for up to MAILFINDER_SHUTDOWN_GRACE_MS (30 s), then exits 0. A container
# stop must wait longer than that (docker stop -t 40, Kubernetes' terminationGracePeriodSeconds).
STOPSIGNAL SIGTERM
ENTRYPOINT ["/opt/mail-finder/node_modules/.bin/node", "--enable-source-maps", "/opt/mail-finder/server/cli.js"]
CMD []
